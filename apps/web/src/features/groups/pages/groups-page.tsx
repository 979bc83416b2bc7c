import { companiesMsg } from '@app/shared/messages-companies';
import { can } from '@app/shared/permissions';
import type { Group as BusinessGroup } from '@app/shared/schemas/groups';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useDeleteGroup } from '../../../api/groups/delete-group';
import { useGroups } from '../../../api/groups/get-groups';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ListPage } from '../../../components/list-page';
import { RowActions } from '../../../components/row-actions';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { GroupCreateModal } from '../components/group-create-modal';

/** Grupos de Empresas: owners manage the groups; collaborators only read the list. */
export function GroupsPage() {
  const user = useCurrentUser();
  const canManage = can(user, 'groups:write');
  const groups = useGroups();
  const deleteGroup = useDeleteGroup();
  const [createOpened, setCreateOpened] = useState(false);

  const confirmDelete = (group: BusinessGroup) =>
    openDeleteConfirm({
      title: companiesMsg.groupDeleteConfirm,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar el grupo <b>{group.name}</b>? Las empresas no se eliminan.
        </Text>
      ),
      onConfirm: () =>
        deleteGroup.mutate(group.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: () => notifyError(companiesMsg.groupDeleteFailed),
        }),
    });

  return (
    <ListPage
      title="Grupos de Empresas"
      onCreate={canManage ? () => setCreateOpened(true) : undefined}
      query={groups}
      rows={groups.data ?? []}
      noRecordsText="No hay grupos"
      errorText="No se pudieron cargar los grupos"
      columns={[
        { accessor: 'name', title: 'Nombre', sortable: true },
        { accessor: 'description', title: 'Descripción', sortable: true },
      ]}
      actions={
        canManage
          ? (group) => (
              <RowActions
                label={group.name}
                editTo={`/grupos-empresas/${group.id}`}
                onDelete={() => confirmDelete(group)}
              />
            )
          : undefined
      }
    >
      {canManage && <GroupCreateModal opened={createOpened} onClose={() => setCreateOpened(false)} />}
    </ListPage>
  );
}
