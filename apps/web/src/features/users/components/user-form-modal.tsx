import { msg } from '@app/shared/messages';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@app/shared/roles';
import { type User, UserCreateFormSchema, UserUpdateFormSchema } from '@app/shared/schemas/users';
import { Button, Checkbox, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

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

/** One modal for creating and editing a staff user (spec 2 "Users"). */
export function UserFormModal({ opened, user, onClose }: { opened: boolean; user: User | null; onClose: () => void }) {
  const isEdit = user !== null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<UserFormValues>({
    initialValues: emptyValues,
    validate: schemaResolver(isEdit ? UserUpdateFormSchema : UserCreateFormSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a user
  useEffect(() => {
    if (!opened) return;
    form.setValues(
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
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, user]);

  const submit = form.onSubmit(async ({ repeatPassword: _repeat, ...values }) => {
    try {
      const result = isEdit ? await update.mutateAsync({ ...values, id: user.id }) : await create.mutateAsync(values);
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        form.setFieldError('email', msg.emailExists);
        return;
      }
      if (!applyServerErrors(form, error)) notifyError(error, msg.toastOopsTitle);
    }
  });

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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
