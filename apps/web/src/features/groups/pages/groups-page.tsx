import { companiesMsg } from '@app/shared/messages-companies';
import type { Group as BusinessGroup } from '@app/shared/schemas/groups';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { useSortedRecords } from '../../../components/use-sorted-records';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';
import { GroupCreateModal } from '../components/group-create-modal';

/** Grupos de Empresas (spec 2): owners manage the groups; collaborators only read the list. */
export function GroupsPage() {
  const user = useCurrentUser();
  const canManage = user.role === 'owner';
  const groups = useGroups();
  const deleteGroup = useDeleteGroup();
  const [createOpened, setCreateOpened] = useState(false);
  const { records, sortStatus, setSortStatus } = useSortedRecords(groups.data ?? [], {
    columnAccessor: 'name',
    direction: 'asc',
  });

  const confirmDelete = (group: BusinessGroup) =>
    modals.openConfirmModal({
      title: companiesMsg.groupDeleteConfirm,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar el grupo <b>{group.name}</b>? Las empresas no se eliminan.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteGroup.mutate(group.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: () => notifyError(companiesMsg.groupDeleteFailed),
        }),
    });

  const columns: DataTableColumn<BusinessGroup>[] = [
    { accessor: 'name', title: 'Nombre', sortable: true },
    { accessor: 'description', title: 'Descripción', sortable: true },
  ];
  if (canManage) {
    columns.push({
      accessor: 'actions',
      title: 'Acciones',
      textAlign: 'right',
      render: (group) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            component={Link}
            to={`/grupos-empresas/${group.id}`}
            aria-label={`Editar ${group.name}`}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Eliminar ${group.name}`}
            onClick={() => confirmDelete(group)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title="Grupos de Empresas"
        crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Grupos de Empresas' }]}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreateOpened(true)}>
              Nuevo
            </Button>
          )
        }
      />
      <ListTable
        highlightOnHover
        query={groups}
        noRecordsText="No hay grupos"
        errorText="No se pudieron cargar los grupos"
        records={records}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        columns={columns}
      />
      {canManage && <GroupCreateModal opened={createOpened} onClose={() => setCreateOpened(false)} />}
    </>
  );
}
