import { msg } from '@app/shared/messages';
import { ROLE_LABELS } from '@app/shared/roles';
import type { User } from '@app/shared/schemas/users';
import { Group } from '@mantine/core';
import { useDeleteUser } from '../../../api/users/delete-user';
import { useUsers } from '../../../api/users/get-users';
import { openUserDeleteConfirm } from '../../../components/confirm-delete';
import { ListPage } from '../../../components/list-page';
import { RowActions } from '../../../components/row-actions';
import { useEditModal } from '../../../components/use-edit-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session';
import { HolidaysCard } from '../components/holidays-card';
import { SecuritySettingsCard } from '../components/security-settings-card';
import { UserFormModal } from '../components/user-form-modal';
import { UserSecurityMenu } from '../components/user-security-menu';

export function UsersPage() {
  const me = useCurrentUser();
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const { editing, opened: formOpened, open: openForm, close: closeForm } = useEditModal<User>();

  const confirmDelete = (user: User) =>
    openUserDeleteConfirm(user, () =>
      deleteUser.mutate(user, {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(error.message || msg.userDeleteFailed, msg.toastOopsTitle),
      }),
    );

  return (
    <ListPage
      title="Usuarios"
      onCreate={() => openForm(null)}
      query={users}
      rows={users.data ?? []}
      noRecordsText="No hay usuarios"
      errorText="No se pudieron cargar los usuarios"
      columns={[
        { accessor: 'name', title: 'Nombre', sortable: true },
        { accessor: 'lastName', title: 'Apellido', sortable: true },
        { accessor: 'email', title: 'Email', sortable: true },
        { accessor: 'role', title: 'Rol', sortable: true, render: (user) => ROLE_LABELS[user.role] },
      ]}
      actions={(user) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <UserSecurityMenu user={user} />
          <RowActions
            label={`${user.name} ${user.lastName}`.trim()}
            onEdit={() => openForm(user)}
            onDelete={() => confirmDelete(user)}
            deleteDisabledReason={user.id === me.id ? msg.cannotDeleteSelf : undefined}
          />
        </Group>
      )}
    >
      <SecuritySettingsCard />
      <HolidaysCard />
      <UserFormModal opened={formOpened} user={editing} onClose={closeForm} />
    </ListPage>
  );
}
