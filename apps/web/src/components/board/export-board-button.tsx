import { boardMsg } from '@app/shared/messages-board';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { notifyError } from '../../lib/notify';

/**
 * 'Exportar a Excel' in a board's toolbar (issue 23): downloads exactly the rows shown. Disabled
 * while nothing is shown; loading while the file comes; the server's Spanish message on failure.
 */
export function ExportBoardButton({
  onExport,
  pending,
  disabled,
}: {
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
      onClick={() => onExport().catch((error: unknown) => notifyError(error, boardMsg.exportFailed))}
    >
      {boardMsg.exportButton}
    </Button>
  );
}
