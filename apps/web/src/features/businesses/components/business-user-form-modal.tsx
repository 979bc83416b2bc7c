import { BusinessUserCreateSchema, BusinessUserUpdateSchema } from '@app/shared/schemas/businesses';
import type { User } from '@app/shared/schemas/users';
import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCreateUser } from '../../../api/users/create-user';
import { useUpdateUser } from '../../../api/users/update-user';
import { FormButtons } from '../../../components/form-buttons';
import { PasswordInput } from '../../../components/password-input';
import { applyEmailConflict, showServerErrors } from '../../../lib/form-errors';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

interface BusinessUserFormValues {
  name: string;
  lastName: string;
  email: string;
  password: string;
  role: 'client';
  businessId: number;
}

/** The company user form: a client of this company; password optional when editing. */
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
  const create = useCreateUser();
  const update = useUpdateUser();
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

  useResetOnOpen(
    form,
    opened,
    user ? { ...emptyValues, name: user.name, lastName: user.lastName, email: user.email } : emptyValues,
    [user, businessId],
  );

  const submit = form.onSubmit((values) =>
    submitAndNotify(
      form,
      () =>
        isEdit
          ? update.mutateAsync({ ...values, password: values.password || undefined, id: user.id })
          : create.mutateAsync(values),
      {
        onSaved: onClose,
        onError: (error) => {
          if (!applyEmailConflict(form, error)) showServerErrors(form, error);
        },
      },
    ),
  );

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
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
