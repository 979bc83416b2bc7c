import { companiesMsg } from '@app/shared/messages-companies';
import type { Credential } from '@app/shared/schemas/credentials';
import { Group, Text, Title } from '@mantine/core';
import { useDeleteCredential } from '../../../api/credentials/delete-credential';
import { useCredentials } from '../../../api/credentials/get-credentials';
import { revealCredential } from '../../../api/credentials/reveal-credential';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { CredentialsVault, describeCredential as describe } from '../../../components/credentials-vault';
import { NewButton } from '../../../components/new-button';
import { RowActions } from '../../../components/row-actions';
import { useEditModal } from '../../../components/use-edit-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CredentialFormModal } from './credential-form-modal';

/** 'Contraseñas de empresa': the portal credentials, fetched (decrypted) when this section shows. */
export function CredentialsSection({ businessId }: { businessId: number }) {
  const credentials = useCredentials(businessId);
  const deleteCredential = useDeleteCredential();
  const { editing, opened: formOpened, open: openForm, close: closeForm } = useEditModal<Credential>();

  const confirmDelete = (credential: Credential) =>
    openDeleteConfirm({
      title: 'Eliminar Contraseña',
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar la contraseña de <b>{describe(credential)}</b>?
        </Text>
      ),
      onConfirm: () =>
        deleteCredential.mutate(
          { id: credential.id, businessId },
          {
            onSuccess: ({ message }) => notifySuccess(message),
            onError: () => notifyError(companiesMsg.credentialDeleteFailed),
          },
        ),
    });

  return (
    <section aria-labelledby="contrasenas-de-empresa">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="contrasenas-de-empresa">
          Contraseñas de empresa
        </Title>
        <NewButton size="sm" onClick={() => openForm(null)} aria-label="Crear contraseña">
          Crear
        </NewButton>
      </Group>
      <CredentialsVault
        query={credentials}
        records={credentials.data ?? []}
        reveal={revealCredential}
        actions={(credential) => (
          <RowActions
            label={`contraseña de ${describe(credential)}`}
            onEdit={() => openForm(credential)}
            onDelete={() => confirmDelete(credential)}
          />
        )}
      />
      <CredentialFormModal opened={formOpened} businessId={businessId} credential={editing} onClose={closeForm} />
    </section>
  );
}
