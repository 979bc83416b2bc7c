import { servicesMsg } from '@app/shared/messages-services';
import type { ServiceListItem } from '@app/shared/schemas/services';
import { ActionIcon, Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { useSortedRecords } from '../../../components/use-sorted-records';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
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
    modals.openConfirmModal({
      title: servicesMsg.deleteConfirmTitle,
      children: <ServiceDeleteWarning serviceId={service.id} serviceName={service.name} />,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteService.mutate(service.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: (error) => notifyError(error),
        }),
    });

  return (
    <>
      <PageHeader
        title="Servicios"
        crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Servicios' }]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreateOpened(true)}>
            Nuevo
          </Button>
        }
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
          {
            accessor: 'actions',
            title: 'Acciones',
            textAlign: 'right',
            render: (service) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  component={Link}
                  to={`/servicios/${service.id}`}
                  aria-label={`Editar ${service.name}`}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Eliminar ${service.name}`}
                  onClick={() => confirmDelete(service)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <ServiceCreateModal opened={createOpened} onClose={() => setCreateOpened(false)} />
    </>
  );
}
