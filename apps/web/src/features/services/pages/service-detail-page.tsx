import type { ServiceDetail } from '@app/shared/schemas/services';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useService } from '../../../api/services/get-service';
import { useUpdateService } from '../../../api/services/update-service';
import { DetailPage } from '../../../components/detail-page';
import { notifySuccess } from '../../../lib/notify';
import { BusinessesSection } from '../components/businesses-section';
import { FoldersSection } from '../components/folders-section';
import { MonthsSection } from '../components/months-section';
import { NotificationsSection } from '../components/notifications-section';
import { RequestTemplatesSection } from '../components/request-templates-section';
import { Section } from '../components/section';
import { ServiceForm, type ServiceFormValues } from '../components/service-form';
import { StatesSection } from '../components/states-section';

function ServiceEditSection({ service }: { service: ServiceDetail }) {
  const update = useUpdateService();
  const initialValues = useMemo<ServiceFormValues>(
    () => ({
      name: service.name,
      startMonthDay: service.startMonthDay,
      lastMonthDay: service.lastMonthDay,
      order: service.order,
      dueDay: service.dueDay ?? '',
      dueDayElectronic: service.dueDayElectronic ?? '',
      dueDayShift: service.dueDayShift,
      dueDayElectronicShift: service.dueDayElectronicShift,
    }),
    [
      service.name,
      service.startMonthDay,
      service.lastMonthDay,
      service.order,
      service.dueDay,
      service.dueDayElectronic,
      service.dueDayShift,
      service.dueDayElectronicShift,
    ],
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

/**
 * Service detail: the form, states, folders, notifications, the document request
 * templates, months, companies.
 */
export function ServiceDetailPage() {
  const service = useService(Number(useParams().id));
  return (
    <DetailPage
      query={service}
      list={{ label: 'Servicios', to: '/servicios' }}
      fallbackTitle="Servicio"
      errorTitle="No se pudo cargar el servicio"
      title={(loaded) => `Editar ${loaded.name}`}
      crumb="Detalle servicio"
      gap="lg"
    >
      {(loaded) => (
        <>
          <ServiceEditSection service={loaded} />
          <StatesSection serviceId={loaded.id} states={loaded.states} />
          <FoldersSection serviceId={loaded.id} folders={loaded.folders} />
          <NotificationsSection serviceId={loaded.id} notifications={loaded.notifications} />
          <RequestTemplatesSection serviceId={loaded.id} folders={loaded.folders} />
          <MonthsSection serviceId={loaded.id} monthsActive={loaded.monthsActive} />
          <BusinessesSection serviceId={loaded.id} />
        </>
      )}
    </DetailPage>
  );
}
