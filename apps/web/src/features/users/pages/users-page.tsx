import { msg } from '@app/shared/messages';
import { ROLE_LABELS } from '@app/shared/roles';
import type { User } from '@app/shared/schemas/users';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { NewButton } from '../../../components/new-button';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { useSortedRecords } from '../../../components/use-sorted-records';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { UserFormModal } from '../components/user-form-modal';

export function UsersPage() {
  const users = useUsers();
  const deleteUser = useDeleteUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const { records, sortStatus, setSortStatus } = useSortedRecords(users.data ?? [], {
    columnAccessor: 'name',
    direction: 'asc',
  });

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpened(true);
  };

  const confirmDelete = (user: User) =>
    modals.openConfirmModal({
      title: 'Eliminar Usuario',
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar a{' '}
          <b>
            {user.name} {user.lastName}
          </b>{' '}
          ({user.email})? Esta acción no se puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteUser.mutate(user.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: (error) => notifyError(error.message || msg.userDeleteFailed, msg.toastOopsTitle),
        }),
    });

  return (
    <>
      <PageHeader
        title="Usuarios"
        crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Usuarios' }]}
        actions={<NewButton onClick={() => openForm(null)} />}
      />
      <ListTable
        highlightOnHover
        query={users}
        noRecordsText="No hay usuarios"
        errorText="No se pudieron cargar los usuarios"
        records={records}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        columns={[
          { accessor: 'name', title: 'Nombre', sortable: true },
          { accessor: 'lastName', title: 'Apellido', sortable: true },
          { accessor: 'email', title: 'Email', sortable: true },
          { accessor: 'role', title: 'Rol', sortable: true, render: (user) => ROLE_LABELS[user.role] },
        ]}
        actions={(user) => (
          <RowActions
            label={`${user.name} ${user.lastName}`}
            onEdit={() => openForm(user)}
            onDelete={() => confirmDelete(user)}
          />
        )}
      />
      <UserFormModal opened={formOpened} user={editing} onClose={() => setFormOpened(false)} />
    </>
  );
}
