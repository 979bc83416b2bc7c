import {
  CREDENTIAL_DESCRIPTION_MAX,
  CREDENTIAL_PASSWORD_MAX,
  CREDENTIAL_USER_MAX,
  type Credential,
  CredentialCreateSchema,
  CredentialUpdateSchema,
  PORTAL_LABELS,
  PORTALS,
  type Portal,
} from '@app/shared/schemas/credentials';
import { Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCreateCredential } from '../../../api/credentials/create-credential';
import { useUpdateCredential } from '../../../api/credentials/update-credential';
import { FormButtons } from '../../../components/form-buttons';
import { PasswordInput } from '../../../components/password-input';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

const PORTAL_OPTIONS = PORTALS.map((portal) => ({ value: portal, label: PORTAL_LABELS[portal] }));

interface CredentialFormValues {
  user: string;
  portal: Portal | null;
  password: string;
  description: string;
  businessId: number;
}

/**
 * The password entry form: user, portal and password required; description optional.
 * Editing, the password is not pre-filled (the list never carries it): empty keeps the stored one.
 */
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

  useResetOnOpen(
    form,
    opened,
    credential
      ? {
          user: credential.user,
          portal: credential.portal,
          // Never known to the page: left empty, the stored password stays.
          password: '',
          description: credential.description,
          businessId,
        }
      : emptyValues,
    [credential, businessId],
  );

  const submit = form.onSubmit(async ({ portal, ...values }) => {
    if (!portal) return;
    await submitAndNotify(
      form,
      () =>
        isEdit
          ? update.mutateAsync({ ...values, portal, id: credential.id })
          : create.mutateAsync({ ...values, portal }),
      { onSaved: onClose },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title={isEdit ? 'Editar contraseña' : 'Crear contraseña'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Usuario"
            withAsterisk
            data-autofocus
            autoComplete="off"
            maxLength={CREDENTIAL_USER_MAX}
            {...form.getInputProps('user')}
          />
          <Select
            label="Portal"
            withAsterisk
            data={PORTAL_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('portal')}
          />
          <PasswordInput
            maxLength={CREDENTIAL_PASSWORD_MAX}
            label="Contraseña"
            withAsterisk={!isEdit}
            description={isEdit ? 'Déjala vacía para mantener la actual' : undefined}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Textarea
            label="Descripción"
            autosize
            minRows={2}
            maxLength={CREDENTIAL_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <FormButtons onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
