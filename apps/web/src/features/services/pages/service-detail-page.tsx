import type { ServiceDetail } from '@app/shared/schemas/services';
import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useService } from '../../../api/services/get-service';
import { useUpdateService } from '../../../api/services/update-service';
import { PageHeader } from '../../../components/page-header';
import { ApiRequestError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { BusinessesSection } from '../components/businesses-section';
import { FoldersSection } from '../components/folders-section';
import { MonthsSection } from '../components/months-section';
import { NotificationsSection } from '../components/notifications-section';
import { Section } from '../components/section';
import { ServiceForm, type ServiceFormValues } from '../components/service-form';
import { StatesSection } from '../components/states-section';

const crumbs = [{ label: 'Inicio', to: '/' }, { label: 'Servicios', to: '/servicios' }, { label: 'Detalle servicio' }];

function ServiceEditSection({ service }: { service: ServiceDetail }) {
  const update = useUpdateService();
  const initialValues = useMemo<ServiceFormValues>(
    () => ({
      name: service.name,
      startMonthDay: service.startMonthDay,
      lastMonthDay: service.lastMonthDay,
      order: service.order,
    }),
    [service.name, service.startMonthDay, service.lastMonthDay, service.order],
  );
  return (
    <Section title="Datos del servicio">
      <ServiceForm
        initialValues={initialValues}
        submitting={update.isPending}
        onSubmit={async (values) => {
          const { message } = await update.mutateAsync({ ...values, id: service.id });
          notifySuccess(message);
        }}
      />
    </Section>
  );
}

/** Service detail (spec 2 "Service detail"): the form, states, folders, notifications, months, companies. */
export function ServiceDetailPage() {
  const id = Number(useParams().id);
  const service = useService(id);

  if (service.isLoading) {
    return (
      <>
        <PageHeader title="Servicio" crumbs={crumbs} />
        <Center py="xl">
          <Loader aria-label="Cargando servicio" />
        </Center>
      </>
    );
  }
  if (!service.data) {
    const missing = service.error instanceof ApiRequestError && service.error.status === 404;
    return (
      <>
        <PageHeader title="Servicio" crumbs={crumbs} />
        <Alert color="red" variant="light">
          {missing ? 'El servicio no existe.' : (service.error?.message ?? 'No se pudo cargar el servicio.')}{' '}
          <Anchor component={Link} to="/servicios">
            Volver a Servicios
          </Anchor>
        </Alert>
      </>
    );
  }

  const data = service.data;
  return (
    <>
      <PageHeader title={`Editar ${data.name}`} crumbs={crumbs} />
      <Stack gap="lg">
        <ServiceEditSection service={data} />
        <StatesSection serviceId={data.id} states={data.states} />
        <FoldersSection serviceId={data.id} folders={data.folders} />
        <NotificationsSection serviceId={data.id} notifications={data.notifications} />
        <MonthsSection serviceId={data.id} monthsActive={data.monthsActive} />
        <BusinessesSection serviceId={data.id} />
      </Stack>
    </>
  );
}
