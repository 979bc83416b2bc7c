import { companiesMsg } from '@app/shared/messages-companies';
import { type Credential, PORTAL_LABELS } from '@app/shared/schemas/credentials';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { notifyError, notifySuccess } from '../lib/notify';
import { ListTable, type ListTableQuery } from './list-table';

/** How a credential is named to screen readers: 'ana (SII)'. */
export const describeCredential = (credential: Credential) =>
  `${credential.user} (${PORTAL_LABELS[credential.portal]})`;

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

function CopyAction({ label, text }: { label: string; text: string }) {
  return (
    <Tooltip label="Copiar">
      <ActionIcon variant="subtle" aria-label={label} onClick={() => copyToClipboard(text)}>
        <IconCopy size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

function PasswordCell({ credential }: { credential: Credential }) {
  const [visible, setVisible] = useState(false);
  const name = describeCredential(credential);
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
      <CopyAction label={`Copiar contraseña de ${name}`} text={credential.password} />
    </Group>
  );
}

/**
 * The credentials "vault" (spec 1 §2.5, §2.9): each portal entry with its portal in upper case,
 * description, login and password, hidden until shown, each with a copy button. Used by the
 * company page (with its edit and delete actions) and by the monthly board's key-icon modal.
 */
export function CredentialsVault({
  query,
  records,
  actions,
}: {
  /** The query that fetched the credentials: the table shows its loading and its failure. */
  query: ListTableQuery;
  records: Credential[];
  /** A row's own actions (edit, delete); none in a read-only vault. */
  actions?: (credential: Credential) => ReactNode;
}) {
  return (
    <ListTable
      emptyHeight={120}
      query={query}
      noRecordsText={companiesMsg.noCredentials}
      errorText="No se pudieron cargar las contraseñas"
      records={records}
      columns={[
        {
          accessor: 'password',
          title: 'Contraseña',
          render: (credential) => <PasswordCell credential={credential} />,
        },
        {
          accessor: 'user',
          title: 'Usuario',
          render: (credential) => (
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{credential.user}</Text>
              <CopyAction label={`Copiar usuario de ${describeCredential(credential)}`} text={credential.user} />
            </Group>
          ),
        },
        { accessor: 'portal', title: 'Portal', render: (credential) => PORTAL_LABELS[credential.portal] },
        { accessor: 'description', title: 'Descripción' },
      ]}
      actions={actions}
    />
  );
}
