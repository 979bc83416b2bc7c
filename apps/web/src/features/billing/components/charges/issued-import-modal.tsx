import { formatMoney } from '@app/shared/money';
import type { BillingMonth, IssuedImportPreview } from '@app/shared/schemas/billing';
import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useConfirmIssuedImport, usePreviewIssuedImport } from '../../../../api/billing/charges';
import { ApiRequestError } from '../../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSheetImport } from '../../hooks/use-sheet-import';
import { monthLabel } from '../../utils/billing-month';
import { SheetFilePicker } from '../sheet-file-picker';
import { StatusBadge } from '../status-badge';

function PreviewTable({ preview }: { preview: IssuedImportPreview }) {
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table striped verticalSpacing="xs" aria-label="Vista previa de documentos emitidos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Línea</Table.Th>
            <Table.Th>RUT</Table.Th>
            <Table.Th>Folio</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Cobro</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.lines.map((line) => (
            <Table.Tr key={line.line}>
              <Table.Td>{line.line}</Table.Td>
              <Table.Td>{line.rut ?? '—'}</Table.Td>
              <Table.Td>{line.folio ?? '—'}</Table.Td>
              <Table.Td ta="right">{line.total === null ? '—' : formatMoney(line.total)}</Table.Td>
              <Table.Td>
                {line.status === 'matched' ? (
                  <Group gap={6} wrap="nowrap">
                    <StatusBadge color="green">Coincide</StatusBadge>
                    <Text size="sm">{line.businessName}</Text>
                  </Group>
                ) : (
                  <Text size="sm" c="red.9">
                    {line.error}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/**
 * 'Importar emitidos': the invoicing tool's export (RUT, folio, total) matched to the month's
 * charges to issue; every line is shown before anything is written, and 'Marcar emitidos' marks
 * them all or none.
 */
export function IssuedImportModal({
  month,
  opened,
  onClose,
}: {
  month: BillingMonth;
  opened: boolean;
  onClose: () => void;
}) {
  const preview = usePreviewIssuedImport();
  const confirm = useConfirmIssuedImport();
  const { file, result, check, close } = useSheetImport({
    preview,
    confirm,
    ask: (chosen) => preview.mutate({ file: chosen, month }),
    onClose,
  });
  const canConfirm = file !== null && result !== undefined && result.counts.invalid === 0 && result.counts.matched > 0;

  const confirmFile = () => {
    if (!file || !canConfirm) return;
    confirm.mutate(
      { file, month },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
        },
        onError: (error) => {
          notifyError(error);
          if (error instanceof ApiRequestError && error.status === 400) preview.mutate({ file, month });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={`Importar documentos emitidos de ${monthLabel(month)}`} size="xl">
      <Stack>
        <Text size="sm">
          Sube la planilla que exportó tu sistema de facturación, con las columnas RUT, Folio y Total. Cada línea se
          busca entre los cobros por emitir del mes con ese RUT y ese total; revisa la vista previa antes de confirmar.
        </Text>
        <SheetFilePicker
          file={file}
          onFile={check}
          busy={preview.isPending || confirm.isPending}
          error={preview.error?.message ?? null}
        />
        {result && (
          <>
            <Text size="sm" role="status" fw={500}>
              {`${result.counts.matched} ${result.counts.matched === 1 ? 'línea coincide' : 'líneas coinciden'} con un cobro; ${result.counts.invalid} con problemas`}
            </Text>
            <PreviewTable preview={result} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button disabled={!canConfirm} loading={confirm.isPending} onClick={confirmFile}>
            {result ? `Marcar ${result.counts.matched} emitidos` : 'Marcar emitidos'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
