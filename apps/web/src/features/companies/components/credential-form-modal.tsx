import {
  type Credential,
  CredentialCreateSchema,
  CredentialUpdateSchema,
  PORTALS,
  type Portal,
} from '@app/shared/schemas/credentials';
import { Button, Group, Modal, PasswordInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { applyServerErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateCredential } from '../api/create-credential';
import { useUpdateCredential } from '../api/update-credential';

const PORTAL_OPTIONS = PORTALS.map((portal) => ({ value: portal, label: portal.toUpperCase() }));

interface CredentialFormValues {
  user: string;
  portal: Portal | null;
  password: string;
  description: string;
  businessId: number;
}

/** The password entry form (spec 1 §5): user, portal and password required; description optional. */
export function CredentialFormModal({
  opened,
  businessId,
  credential,
  onClose,
}: {
  opened: boolean;
  businessId: number;
  credential: Credential | null;
  onClose: () => void;
}) {
  const isEdit = credential !== null;
  const create = useCreateCredential();
  const update = useUpdateCredential();
  const emptyValues: CredentialFormValues = { user: '', portal: null, password: '', description: '', businessId };
  const form = useForm<CredentialFormValues>({
    initialValues: emptyValues,
    validate: schemaResolver(isEdit ? CredentialUpdateSchema : CredentialCreateSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a credential
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      credential
        ? {
            user: credential.user,
            portal: credential.portal,
            password: credential.password,
            description: credential.description,
            businessId,
          }
        : emptyValues,
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, credential, businessId]);

  const submit = form.onSubmit(async ({ portal, ...values }) => {
    if (!portal) return;
    try {
      const result = isEdit
        ? await update.mutateAsync({ ...values, portal, id: credential.id })
        : await create.mutateAsync({ ...values, portal });
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifyError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={isEdit ? 'Editar contraseña' : 'Crear contraseña'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Usuario" withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('user')} />
          <Select
            label="Portal"
            withAsterisk
            data={PORTAL_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('portal')}
          />
          <PasswordInput
            label="Contraseña"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} />
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
