import type { Approval } from '@app/shared/schemas/approvals';
import { Badge } from '@mantine/core';

/** Each state's dot: waiting yellow, approved green, rejected red, cancelled grey (dark text on white: the light fills read under 4.5:1). */
const COLORS: Record<Approval['status'], string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** 'Pendiente', 'Aprobado', 'Rechazado' or 'Anulado'. */
export function ApprovalStatusBadge({ approval }: { approval: Pick<Approval, 'status' | 'statusText'> }) {
  return (
    <Badge color={COLORS[approval.status]} variant="dot" radius="sm" style={{ flexShrink: 0 }}>
      {approval.statusText}
    </Badge>
  );
}
