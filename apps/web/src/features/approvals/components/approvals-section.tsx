import { approvalsMsg } from '@app/shared/messages-approvals';
import type { Approval } from '@app/shared/schemas/approvals';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCertificate, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBusinessApprovals, useCancelApproval } from '../../../api/approvals/approvals';
import { LoadError } from '../../../components/load-error';
import { notifyOutcome } from '../../../lib/notify';
import { ApprovalComment, approvalLines, mailLine } from './approval-details';
import { ApprovalStatusBadge } from './approval-status-badge';
import { RequestApprovalModal } from './request-approval-modal';

/** One request: its title and state, the document, who asked and answered, how the mails went, and its actions. */
function ApprovalRow({ approval }: { approval: Approval }) {
  const cancel = useCancelApproval();
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Anular solicitud de aprobación',
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          ¿Anular la solicitud <b>{approval.title}</b>? El cliente ya no podrá responderla y no recibirá más
          recordatorios.
        </Text>
      ),
      labels: { confirm: 'Anular', cancel: 'Volver' },
      confirmProps: { color: 'red' },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => cancel.mutate(approval.id, notifyOutcome),
    });
  const mails = mailLine(approval);
  return (
    <Paper component="li" withBorder p="sm" aria-label={approval.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={`/aprobaciones/${approval.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {approval.title}
        </Anchor>
        <ApprovalStatusBadge approval={approval} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {approval.document.name}
        {!approval.document.available && ' (eliminado)'}
      </Text>
      {approvalLines(approval).map((line) => (
        <Text key={line} size="xs" c="dimmed">
          {line}
        </Text>
      ))}
      <ApprovalComment approval={approval} />
      {approval.status === 'pending' && mails && (
        <Text size="xs" c="dimmed">
          {mails}
        </Text>
      )}
      {(approval.status === 'pending' || approval.answer) && (
        <Group gap="xs" mt="xs">
          {approval.answer && (
            <Button
              component={Link}
              to={`/aprobaciones/${approval.id}/certificado`}
              size="xs"
              variant="light"
              leftSection={<IconCertificate size={16} aria-hidden />}
            >
              Ver certificado
            </Button>
          )}
          {approval.status === 'pending' && (
            <Button size="xs" variant="default" color="red" onClick={confirmCancel} loading={cancel.isPending}>
              Anular
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}

/** 'Aprobaciones' on the company page: its requests, newest first, and 'Solicitar aprobación'. */
export function ApprovalsSection({ businessId }: { businessId: number }) {
  const approvals = useBusinessApprovals(businessId);
  const [opened, setOpened] = useState(false);
  return (
    <section aria-labelledby="aprobaciones">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="aprobaciones">
          {approvalsMsg.sectionTitle}
        </Title>
        <Button size="sm" leftSection={<IconSignature size={16} aria-hidden />} onClick={() => setOpened(true)}>
          {approvalsMsg.requestButton}
        </Button>
      </Group>
      {approvals.isError ? (
        <LoadError title="No se pudieron cargar las aprobaciones" query={approvals} />
      ) : !approvals.data ? (
        <Text size="sm" c="dimmed">
          Cargando…
        </Text>
      ) : approvals.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No se ha pedido al cliente que apruebe ningún documento.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {approvals.data.map((approval) => (
            <ApprovalRow key={approval.id} approval={approval} />
          ))}
        </Stack>
      )}
      <RequestApprovalModal businessId={businessId} opened={opened} onClose={() => setOpened(false)} />
    </section>
  );
}
