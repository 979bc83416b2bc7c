import { companiesMsg } from '@app/shared/messages-companies';
import { activityMsg } from '@app/shared/messages-trust';
import {
  type Credential,
  type CredentialRevealResponse,
  PORTAL_LABELS,
  type RevealPurpose,
} from '@app/shared/schemas/credentials';
import { ActionIcon, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { formatDateTime } from '../lib/dates';
import { notifyError, notifySuccess } from '../lib/notify';
import { ListTable, type ListTableQuery } from './list-table';

/** Asks the server for one password in clear, once (it logs who showed or copied it). */
export type RevealCredential = (request: { id: number; purpose: RevealPurpose }) => Promise<CredentialRevealResponse>;

/**
 * A reveal whose answer is never cached: it lives only while the cell that asked shows it (gcTime
 * 0, no query cache); hiding resets it, closing the modal unmounts it.
 */
const useReveal = (reveal: RevealCredential) => useMutation({ mutationFn: reveal, gcTime: 0 });

/** How a credential is named to screen readers: 'ana (SII)'. */
export const describeCredential = (credential: Pick<Credential, 'user' | 'portal'>) =>
  `${credential.user} (${PORTAL_LABELS[credential.portal]})`;

/** Mantine's useClipboard, with a toast once the copy really happened (or failed). */
function useToastingClipboard(successText: string) {
  const clipboard = useClipboard();
  useEffect(() => {
    if (clipboard.copied) notifySuccess(successText);
  }, [clipboard.copied, successText]);
  useEffect(() => {
    if (clipboard.error) notifyError(clipboard.error);
  }, [clipboard.error]);
  return clipboard;
}

function CopyUserAction({ credential }: { credential: Credential }) {
  const clipboard = useToastingClipboard(companiesMsg.copied);
  return (
    <Tooltip label="Copiar">
      <ActionIcon
        variant="subtle"
        aria-label={`Copiar usuario de ${describeCredential(credential)}`}
        onClick={() => clipboard.copy(credential.user)}
      >
        <IconCopy size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** 'Última vez vista por Ana Pérez el 12-03-2026 10:41 desde 10.0.0.7', or that nobody has. */
const lastRevealText = (lastReveal: NonNullable<Credential['lastReveal']>) =>
  activityMsg.lastRevealed(
    lastReveal.actorName ?? activityMsg.system,
    formatDateTime(lastReveal.at),
    lastReveal.ip ?? '—',
  );

/**
 * The password, masked until 'Mostrar' asks the server for it (a logged reveal); it shows until
 * 'Ocultar' or the modal closes, and is never kept in the query cache. 'Copiar' asks again (logged
 * as a copy) and writes it to the clipboard without showing it.
 */
function PasswordCell({ credential, reveal }: { credential: Credential; reveal: RevealCredential }) {
  const show = useReveal(reveal);
  const copy = useReveal(reveal);
  const clipboard = useToastingClipboard(activityMsg.copied);
  const password = show.data?.password;
  const visible = password !== undefined;
  const name = describeCredential(credential);

  const toggle = () => {
    if (visible) show.reset();
    else show.mutate({ id: credential.id, purpose: 'show' }, { onError: () => notifyError(activityMsg.revealFailed) });
  };
  const copyPassword = () =>
    copy.mutate(
      { id: credential.id, purpose: 'copy' },
      {
        onSuccess: (answer) => {
          clipboard.copy(answer.password);
          copy.reset();
        },
        onError: () => notifyError(activityMsg.revealFailed),
      },
    );
  const showLabel = visible ? activityMsg.hidePassword : activityMsg.showPassword;

  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" ff="monospace" miw={90}>
          {visible ? (
            password
          ) : (
            // A paragraph cannot be named (aria-label): the dots are hidden from screen readers, which read the words.
            <>
              <span aria-hidden>••••••••</span>
              <VisuallyHidden>Contraseña oculta</VisuallyHidden>
            </>
          )}
        </Text>
        <Tooltip label={showLabel}>
          <ActionIcon
            variant="subtle"
            aria-label={`${showLabel} contraseña de ${name}`}
            aria-pressed={visible}
            loading={show.isPending}
            onClick={toggle}
          >
            {visible ? <IconEyeOff size={16} /> : <IconEye size={16} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={activityMsg.copyPassword}>
          <ActionIcon
            variant="subtle"
            aria-label={`${activityMsg.copyPassword} contraseña de ${name}`}
            loading={copy.isPending}
            onClick={copyPassword}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {credential.lastReveal !== undefined && (
        <Text size="xs" c="dimmed">
          {credential.lastReveal ? lastRevealText(credential.lastReveal) : activityMsg.neverRevealed}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The credentials "vault": each portal entry with its portal in upper case,
 * description, login and a masked password; each reveal or copy of a password is logged
 * and owners see who last did. Used by the company page (with its edit and delete actions) and by
 * the monthly board's key-icon modal.
 */
export function CredentialsVault({
  query,
  records,
  reveal,
  actions,
}: {
  /** The query that fetched the credentials: the table shows its loading and its failure. */
  query: ListTableQuery;
  records: Credential[];
  /** 'Mostrar' and 'Copiar' of a password ask the server through this. */
  reveal: RevealCredential;
  /** A row's own actions (edit, delete); none in a read-only vault. */
  actions?: (credential: Credential) => ReactNode;
}) {
  return (
    <Stack gap="xs">
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
            render: (credential) => <PasswordCell credential={credential} reveal={reveal} />,
          },
          {
            accessor: 'user',
            title: 'Usuario',
            render: (credential) => (
              <Group gap={4} wrap="nowrap">
                <Text size="sm">{credential.user}</Text>
                <CopyUserAction credential={credential} />
              </Group>
            ),
          },
          { accessor: 'portal', title: 'Portal', render: (credential) => PORTAL_LABELS[credential.portal] },
          { accessor: 'description', title: 'Descripción' },
        ]}
        actions={actions}
      />
      <Text size="xs" c="dimmed">
        {activityMsg.revealsLogged}
      </Text>
    </Stack>
  );
}
