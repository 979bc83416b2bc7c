import type { BusinessDetail } from '@app/shared/schemas/businesses';
import type { User } from '@app/shared/schemas/users';
import { Group, Title } from '@mantine/core';
import { useDeleteUser } from '../../../api/users/delete-user';
import { openUserDeleteConfirm } from '../../../components/confirm-delete';
import { ListTable } from '../../../components/list-table';
import { NewButton } from '../../../components/new-button';
import { RowActions } from '../../../components/row-actions';
import { useEditModal } from '../../../components/use-edit-modal';
import { notifyOutcome } from '../../../lib/notify';
import { BusinessUserFormModal } from './business-user-form-modal';

/** 'Usuarios en empresa': the company's client users. */
export function BusinessUsersSection({ business }: { business: BusinessDetail }) {
  const deleteUser = useDeleteUser();
  const { editing, opened: formOpened, open: openForm, close: closeForm } = useEditModal<User>();

  const confirmDelete = (user: User) =>
    openUserDeleteConfirm(user, () => deleteUser.mutate({ id: user.id, businessId: business.id }, notifyOutcome));

  return (
    <section aria-labelledby="usuarios-en-empresa">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="usuarios-en-empresa">
          Usuarios en empresa
        </Title>
        <NewButton size="sm" onClick={() => openForm(null)} aria-label="Crear usuario de empresa">
          Crear
        </NewButton>
      </Group>
      <ListTable
        emptyHeight={120}
        noRecordsText="La empresa no tiene usuarios"
        records={business.users}
        columns={[
          { accessor: 'name', title: 'Nombre', render: (user) => `${user.name} ${user.lastName}`.trim() },
          { accessor: 'email', title: 'Email' },
        ]}
        actions={(user) => (
          <RowActions label={user.email} onEdit={() => openForm(user)} onDelete={() => confirmDelete(user)} />
        )}
      />
      <BusinessUserFormModal opened={formOpened} businessId={business.id} user={editing} onClose={closeForm} />
    </section>
  );
}
