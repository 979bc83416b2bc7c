import { approvalsMsg } from '@app/shared/messages-approvals';
import type { StoredFile } from '@app/shared/schemas/documents';
import { Anchor, Button, Group } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBusinessApprovals } from '../../../api/approvals/approvals';
import { ApprovalStatusBadge } from './approval-status-badge';
import { RequestApprovalModal } from './request-approval-modal';

/**
 * A file row's approval, in the staff's documents screens: the state of its latest request (with
 * its certificate once answered), and 'Solicitar aprobación' while none is pending or approved.
 */
export function FileApproval({ businessId, file }: { businessId: number; file: StoredFile }) {
  const approvals = useBusinessApprovals(businessId);
  const [opened, setOpened] = useState(false);
  const latest = approvals.data?.find((approval) => approval.document.fileId === file.id);
  const open = latest && (latest.status === 'pending' || latest.status === 'approved');
  return (
    <Group gap="xs" wrap="wrap">
      {latest && (
        <Group gap={6} wrap="nowrap">
          <ApprovalStatusBadge approval={latest} />
          <Anchor component={Link} to={`/aprobaciones/${latest.id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {latest.title}
          </Anchor>
        </Group>
      )}
      {approvals.data && !open && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSignature size={14} aria-hidden />}
          aria-label={`${approvalsMsg.requestButton} de ${file.name}`}
          onClick={() => setOpened(true)}
        >
          {approvalsMsg.requestButton}
        </Button>
      )}
      <RequestApprovalModal businessId={businessId} file={file} opened={opened} onClose={() => setOpened(false)} />
    </Group>
  );
}
