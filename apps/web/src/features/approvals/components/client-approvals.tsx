import { approvalsMsg, santiagoShortDateTime } from '@app/shared/messages-approvals';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBusinessApprovals } from '../../../api/approvals/approvals';
import { useCurrentUser } from '../../../lib/session';
import { ApprovalStatusBadge } from './approval-status-badge';

/**
 * The client's 'Aprobaciones' on their Home (phone first): what waits for their answer first, then
 * what they answered, each opening its page. Nothing when the firm never asked for one.
 */
export function ClientApprovals() {
  const user = useCurrentUser();
  const approvals = useBusinessApprovals(user.businessId ?? null);
  const rows = [...(approvals.data ?? [])].sort(
    (a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'),
  );
  if (rows.length === 0) return null;
  const waiting = rows.filter((approval) => approval.status === 'pending').length;
  return (
    <section aria-labelledby="aprobaciones-cliente">
      <Title order={3} id="aprobaciones-cliente" size="h4" mb={4}>
        {approvalsMsg.sectionTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {waiting === 0
          ? 'No tienes documentos esperando tu aprobación.'
          : waiting === 1
            ? 'El estudio espera tu aprobación de 1 documento.'
            : `El estudio espera tu aprobación de ${waiting} documentos.`}
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((approval) => (
          <Paper component="li" key={approval.id} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {approval.title}
              </Text>
              <ApprovalStatusBadge approval={approval} />
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {approval.document.name} · {santiagoShortDateTime(approval.requestedAt)}
            </Text>
            <Button
              component={Link}
              to={`/aprobaciones/${approval.id}`}
              mt="xs"
              fullWidth
              variant={approval.status === 'pending' ? 'filled' : 'light'}
              rightSection={<IconChevronRight size={16} aria-hidden />}
              aria-label={`${approval.status === 'pending' ? 'Revisar y responder' : 'Ver'} ${approval.title}`}
            >
              {approval.status === 'pending' ? 'Revisar y responder' : 'Ver'}
            </Button>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
