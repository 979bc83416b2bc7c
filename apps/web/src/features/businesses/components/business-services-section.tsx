import type { BusinessDetail } from '@app/shared/schemas/businesses';
import type { BusinessServiceOfBusiness } from '@app/shared/schemas/services';
import { Button, Group, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useActivateBusinessService } from '../../../api/business-services/activate-business-service';
import { useUpdateBusinessService } from '../../../api/business-services/update-business-service';
import { ListTable } from '../../../components/list-table';
import { formatDate } from '../../../lib/dates';
import { notifyError, notifyOutcome, notifySuccess } from '../../../lib/notify';
import { ServiceDateModal } from './service-date-modal';

type DateAction = { kind: 'activate' | 'edit'; link: BusinessServiceOfBusiness };

/** 'Servicios en empresa': one row per service, linked or not. */
export function BusinessServicesSection({ business }: { business: BusinessDetail }) {
  const activate = useActivateBusinessService();
  const update = useUpdateBusinessService();
  const [action, setAction] = useState<DateAction | null>(null);

  const saveDate = async (startDate: string) => {
    if (!action) return false;
    const { serviceId } = action.link;
    try {
      const result =
        action.kind === 'activate'
          ? await activate.mutateAsync({ businessId: business.id, serviceId, startDate })
          : await update.mutateAsync({ businessId: business.id, serviceId, startDate });
      notifySuccess(result.message);
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };

  const confirmDeactivate = (link: BusinessServiceOfBusiness) =>
    modals.openConfirmModal({
      title: 'Desactivar servicio',
      children: (
        <Text size="sm">
          ¿Seguro que quieres desactivar <b>{link.service.name}</b> en {business.name}?
        </Text>
      ),
      labels: { confirm: 'Desactivar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        update.mutate({ businessId: business.id, serviceId: link.serviceId, active: false }, notifyOutcome),
    });

  return (
    <section aria-labelledby="servicios-en-empresa">
      <Title order={3} id="servicios-en-empresa" mb="sm">
        Servicios en empresa
      </Title>
      <ListTable
        emptyHeight={120}
        noRecordsText="No hay servicios"
        records={business.services}
        idAccessor="serviceId"
        columns={[
          { accessor: 'service.name', title: 'Nombre' },
          { accessor: 'active', title: 'Activo', render: (link) => (link.active ? 'Sí' : 'No') },
          {
            accessor: 'startDate',
            title: 'Fecha Inicio',
            noWrap: true,
            render: (link) => (link.startDate ? formatDate(link.startDate) : 'N/A'),
          },
        ]}
        actions={(link) => (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              disabled={link.active}
              aria-label={`Activar ${link.service.name}`}
              onClick={() => setAction({ kind: 'activate', link })}
            >
              Activar
            </Button>
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              disabled={!link.active}
              aria-label={`Desactivar ${link.service.name}`}
              onClick={() => confirmDeactivate(link)}
            >
              Desactivar
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={!link.active}
              aria-label={`Editar ${link.service.name}`}
              onClick={() => setAction({ kind: 'edit', link })}
            >
              Editar
            </Button>
          </Group>
        )}
      />
      <ServiceDateModal
        opened={action !== null}
        title={action?.kind === 'edit' ? 'Editar fecha de inicio' : 'Activar servicio'}
        serviceName={action?.link.service.name ?? ''}
        initialDate={
          action?.kind === 'edit' ? (action.link.startDate ?? business.startContract) : business.startContract
        }
        loading={activate.isPending || update.isPending}
        onClose={() => setAction(null)}
        onSubmit={saveDate}
      />
    </section>
  );
}
