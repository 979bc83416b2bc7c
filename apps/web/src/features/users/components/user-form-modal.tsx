import { msg } from '@app/shared/messages';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@app/shared/roles';
import { type User, UserCreateFormSchema, UserUpdateFormSchema } from '@app/shared/schemas/users';
import { Checkbox, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCreateUser } from '../../../api/users/create-user';
import { useUpdateUser } from '../../../api/users/update-user';
import { FormButtons } from '../../../components/form-buttons';
import { PasswordInput } from '../../../components/password-input';
import { applyEmailConflict, showServerErrors } from '../../../lib/form-errors';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface UserFormValues {
  name: string;
  lastName: string;
  email: string;
  role: StaffRole;
  password: string;
  repeatPassword: string;
  allowCalendarView: boolean;
}

const emptyValues: UserFormValues = {
  name: '',
  lastName: '',
  email: '',
  role: STAFF_ROLES[0],
  password: '',
  repeatPassword: '',
  allowCalendarView: false,
};

/** One modal for creating and editing a staff user (owner or collaborator). */
export function UserFormModal({ opened, user, onClose }: { opened: boolean; user: User | null; onClose: () => void }) {
  const isEdit = user !== null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<UserFormValues>({
    initialValues: emptyValues,
    validate: schemaResolver(isEdit ? UserUpdateFormSchema : UserCreateFormSchema, { sync: true }),
  });

  useResetOnOpen(
    form,
    opened,
    user
      ? {
          ...emptyValues,
          name: user.name,
          lastName: user.lastName,
          email: user.email,
          role: user.role === 'client' ? 'collaborator' : user.role,
          allowCalendarView: user.allowCalendarView,
        }
      : emptyValues,
    [user],
  );

  const submit = form.onSubmit(({ repeatPassword: _repeat, ...values }) =>
    submitAndNotify(
      form,
      () => (isEdit ? update.mutateAsync({ ...values, id: user.id }) : create.mutateAsync(values)),
      {
        onSaved: onClose,
        onError: (error) => {
          if (!applyEmailConflict(form, error)) showServerErrors(form, error, { title: msg.toastOopsTitle });
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={isEdit ? 'Editar usuario' : 'Crear usuario'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Apellido" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
          <Select label="Rol" withAsterisk data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
          {form.values.role === 'collaborator' && (
            <Checkbox
              label="Permitir ver calendario"
              {...form.getInputProps('allowCalendarView', { type: 'checkbox' })}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={isEdit ? 'Nueva contraseña (opcional)' : 'Contraseña'}
              withAsterisk={!isEdit}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Repetir contraseña"
              autoComplete="new-password"
              {...form.getInputProps('repeatPassword')}
            />
          </SimpleGrid>
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
