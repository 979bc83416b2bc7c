import { msg } from '@app/shared/messages';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { notifyError } from '../lib/notify';

/**
 * 'Exportar a Excel': downloads what the list or board shows. Disabled while nothing is
 * shown; loading while the file comes; the server's Spanish message when it fails. `iconOnly` in a
 * board's toolbar (named and with a tooltip), so the table still starts within a laptop's window.
 */
export function ExportButton({
  onExport,
  pending,
  disabled,
  iconOnly = false,
}: {
  onExport: () => Promise<unknown>;
  pending: boolean;
  disabled: boolean;
  iconOnly?: boolean;
}) {
  const onClick = () => onExport().catch((error: unknown) => notifyError(error, msg.exportFailed));
  if (iconOnly) {
    return (
      <Tooltip label={msg.exportToExcel}>
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={msg.exportToExcel}
          loading={pending}
          disabled={disabled}
          onClick={onClick}
        >
          <IconFileSpreadsheet size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={pending}
      disabled={disabled}
      onClick={onClick}
    >
      {msg.exportToExcel}
    </Button>
  );
}
