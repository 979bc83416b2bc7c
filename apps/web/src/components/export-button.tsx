import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { notifyError } from '../lib/notify';

/**
 * 'Exportar a Excel' on a list (issue 23): downloads what the list shows. Disabled while nothing
 * is shown; loading while the file comes; the server's Spanish message, under `failedTitle`, when
 * it fails.
 */
export function ExportButton({
  label,
  failedTitle,
  onExport,
  pending,
  disabled,
}: {
  label: string;
  failedTitle: string;
  onExport: () => Promise<unknown>;
  pending: boolean;
  disabled: boolean;
}) {
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={pending}
      disabled={disabled}
      onClick={() => onExport().catch((error: unknown) => notifyError(error, failedTitle))}
    >
      {label}
    </Button>
  );
}
