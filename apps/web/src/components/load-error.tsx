import { boardMsg } from '@app/shared/messages-board';
import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A load that failed: what failed, why, and 'Reintentar' (the same everywhere, and never an empty list). */
export function LoadError({ title, error, onRetry }: { title: string; error: Error | null; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title}>
      {error?.message}
      <Button variant="subtle" size="compact-sm" ml="sm" onClick={onRetry}>
        {boardMsg.retry}
      </Button>
    </Alert>
  );
}
