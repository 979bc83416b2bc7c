import { companiesMsg } from '@app/shared/messages-companies';
import type { Credential } from '@app/shared/schemas/credentials';
import { ActionIcon, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ListTable } from '../../../components/list-table';
import { NewButton } from '../../../components/new-button';
import { RowActions } from '../../../components/row-actions';
import { useEditModal } from '../../../components/use-edit-modal';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteCredential } from '../api/delete-credential';
import { useCredentials } from '../api/get-credentials';
import { CredentialFormModal } from './credential-form-modal';

const describe = (credential: Credential) => `${credential.user} (${credential.portal.toUpperCase()})`;

/**
 * Copies with the Clipboard API directly (not Mantine's useClipboard) because the toast must say
 * whether the copy really happened, and useClipboard offers no callback.
 */
async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(companiesMsg.copied);
  } catch (error) {
    notifyError(error);
  }
}

function PasswordCell({ credential }: { credential: Credential }) {
  const [visible, setVisible] = useState(false);
  const name = describe(credential);
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" miw={90} aria-label={visible ? undefined : 'Contraseña oculta'}>
        {visible ? credential.password : '••••••••'}
      </Text>
      <Tooltip label={visible ? 'Ocultar' : 'Mostrar'}>
        <ActionIcon
          variant="subtle"
          aria-label={`${visible ? 'Ocultar' : 'Mostrar'} contraseña de ${name}`}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <IconEyeOff size={16} /> : <IconEye size={16} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Copiar">
        <ActionIcon
          variant="subtle"
          aria-label={`Copiar contraseña de ${name}`}
          onClick={() => copyToClipboard(credential.password)}
        >
          <IconCopy size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** 'Contraseñas de empresa' (spec 1 §2.9): the portal credentials, fetched (decrypted) when this section shows. */
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
      <ListTable
        emptyHeight={120}
        query={credentials}
        noRecordsText={companiesMsg.noCredentials}
        errorText="No se pudieron cargar las contraseñas"
        records={credentials.data ?? []}
        columns={[
          {
            accessor: 'password',
            title: 'Contraseña',
            render: (credential) => <PasswordCell credential={credential} />,
          },
          { accessor: 'user', title: 'Usuario' },
          { accessor: 'portal', title: 'Portal', render: (credential) => credential.portal.toUpperCase() },
          { accessor: 'description', title: 'Descripción' },
        ]}
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
