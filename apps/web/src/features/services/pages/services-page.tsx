import { servicesMsg } from '@app/shared/messages-services';
import type { ServiceListItem } from '@app/shared/schemas/services';
import { useState } from 'react';
import { useDeleteService } from '../../../api/services/delete-service';
import { useServices } from '../../../api/services/get-services';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ListTable } from '../../../components/list-table';
import { NewButton } from '../../../components/new-button';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { useSortedRecords } from '../../../components/use-sorted-records';
import { notifyOutcome } from '../../../lib/notify';
import { ServiceCreateModal } from '../components/service-create-modal';
import { ServiceDeleteWarning } from '../components/service-delete-warning';

/** The services catalogue (spec 1 §2.7). */
export function ServicesPage() {
  const services = useServices();
  const deleteService = useDeleteService();
  const [createOpened, setCreateOpened] = useState(false);
  const { records, sortStatus, setSortStatus } = useSortedRecords(services.data ?? [], {
    columnAccessor: 'order',
    direction: 'asc',
  });

  const confirmDelete = (service: ServiceListItem) =>
    openDeleteConfirm({
      title: servicesMsg.deleteConfirmTitle,
      children: <ServiceDeleteWarning serviceId={service.id} serviceName={service.name} />,
      onConfirm: () => deleteService.mutate(service.id, notifyOutcome),
    });

  return (
    <>
      <PageHeader
        title="Servicios"
        crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Servicios' }]}
        actions={<NewButton onClick={() => setCreateOpened(true)} />}
      />
      <ListTable
        highlightOnHover
        query={services}
        noRecordsText="No hay servicios"
        errorText="No se pudieron cargar los servicios"
        records={records}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        columns={[
          { accessor: 'name', title: 'Nombre', sortable: true },
          { accessor: 'order', title: 'Orden', sortable: true },
          { accessor: 'startMonthDay', title: 'Día inicio', sortable: true },
          { accessor: 'lastMonthDay', title: 'Día termino', sortable: true },
        ]}
        actions={(service) => (
          <RowActions
            label={service.name}
            editTo={`/servicios/${service.id}`}
            onDelete={() => confirmDelete(service)}
          />
        )}
      />
      <ServiceCreateModal opened={createOpened} onClose={() => setCreateOpened(false)} />
    </>
  );
}
