import { msg } from '@app/shared/messages';
import { BusinessUserCreateSchema, BusinessUserUpdateSchema } from '@app/shared/schemas/businesses';
import type { User } from '@app/shared/schemas/users';
import { Button, Group, Modal, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateBusinessUser } from '../api/create-business-user';
import { useUpdateBusinessUser } from '../api/update-business-user';

interface BusinessUserFormValues {
  name: string;
  lastName: string;
  email: string;
  password: string;
  role: 'client';
  businessId: number;
}

/** The company user form (spec 1 §5): a client of this company; password optional when editing. */
export function BusinessUserFormModal({
  opened,
  businessId,
  user,
  onClose,
}: {
  opened: boolean;
  businessId: number;
  user: User | null;
  onClose: () => void;
}) {
  const isEdit = user !== null;
  const create = useCreateBusinessUser();
  const update = useUpdateBusinessUser();
  const emptyValues: BusinessUserFormValues = {
    name: '',
    lastName: '',
    email: '',
    password: '',
    role: 'client',
    businessId,
  };
  const form = useForm<BusinessUserFormValues>({
    initialValues: emptyValues,
    validate: schemaResolver(isEdit ? BusinessUserUpdateSchema : BusinessUserCreateSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a user
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      user ? { ...emptyValues, name: user.name, lastName: user.lastName, email: user.email } : emptyValues,
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, user, businessId]);

  const submit = form.onSubmit(async (values) => {
    try {
      const result = isEdit
        ? await update.mutateAsync({ ...values, password: values.password || undefined, id: user.id })
        : await create.mutateAsync(values);
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        form.setFieldError('email', msg.emailExists);
        return;
      }
      if (!applyServerErrors(form, error)) notifyError(error);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isEdit ? 'Editar usuario de empresa' : 'Crear usuario de empresa'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Apellido" withAsterisk {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
          <PasswordInput
            label={isEdit ? 'Nueva contraseña (opcional)' : 'Contraseña'}
            withAsterisk={!isEdit}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
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
