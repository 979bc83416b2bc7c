import { servicesMsg } from '@app/shared/messages-services';
import type { ServiceListItem } from '@app/shared/schemas/services';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useDeleteService } from '../../../api/services/delete-service';
import { useServices } from '../../../api/services/get-services';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ListPage } from '../../../components/list-page';
import { RowActions } from '../../../components/row-actions';
import { notifyOutcome } from '../../../lib/notify';
import { ServiceCreateModal } from '../components/service-create-modal';
import { ServiceDeleteWarning } from '../components/service-delete-warning';
import { TaxCatalogueModal } from '../components/tax-catalogue-modal';

/** The services catalogue. */
export function ServicesPage() {
  const services = useServices();
  const deleteService = useDeleteService();
  const [createOpened, setCreateOpened] = useState(false);
  const [catalogueOpened, setCatalogueOpened] = useState(false);

  const confirmDelete = (service: ServiceListItem) =>
    openDeleteConfirm({
      title: servicesMsg.deleteConfirmTitle,
      children: <ServiceDeleteWarning serviceId={service.id} serviceName={service.name} />,
      onConfirm: () => deleteService.mutate(service.id, notifyOutcome),
    });

  return (
    <ListPage
      title="Servicios"
      onCreate={() => setCreateOpened(true)}
      headerActions={() => (
        <Button variant="light" onClick={() => setCatalogueOpened(true)}>
          Cargar obligaciones del SII
        </Button>
      )}
      query={services}
      rows={services.data ?? []}
      initialSort={{ columnAccessor: 'order', direction: 'asc' }}
      noRecordsText="No hay servicios"
      errorText="No se pudieron cargar los servicios"
      columns={[
        { accessor: 'name', title: 'Nombre', sortable: true },
        { accessor: 'order', title: 'Orden', sortable: true },
        { accessor: 'startMonthDay', title: 'Día inicio', sortable: true },
        { accessor: 'lastMonthDay', title: 'Día termino', sortable: true },
        {
          accessor: 'dueDay',
          title: 'Vencimiento',
          // 'día / día en línea' of the month after the period.
          render: (service) =>
            service.dueDay === null && service.dueDayElectronic === null
              ? '—'
              : [service.dueDay ?? '—', service.dueDayElectronic ?? service.dueDay].join(' / '),
        },
      ]}
      actions={(service) => (
        <RowActions label={service.name} editTo={`/servicios/${service.id}`} onDelete={() => confirmDelete(service)} />
      )}
    >
      <ServiceCreateModal opened={createOpened} onClose={() => setCreateOpened(false)} />
      <TaxCatalogueModal opened={catalogueOpened} onClose={() => setCatalogueOpened(false)} />
    </ListPage>
  );
}
