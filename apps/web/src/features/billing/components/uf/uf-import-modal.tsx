import type { UfImportLine, UfImportPreview } from '@app/shared/schemas/billing';
import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useConfirmUfImport, usePreviewUfImport } from '../../../../api/billing/uf-values';
import { ApiRequestError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/dates';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSheetImport } from '../../hooks/use-sheet-import';
import { SheetFilePicker } from '../sheet-file-picker';
import { StatusBadge } from '../status-badge';

const STATUS: Record<UfImportLine['status'], { label: string; color: string }> = {
  new: { label: 'Nuevo', color: 'blue' },
  changed: { label: 'Cambia', color: 'orange' },
  unchanged: { label: 'Sin cambio', color: 'gray' },
  invalid: { label: 'Con error', color: 'red' },
};

function PreviewTable({ preview }: { preview: UfImportPreview }) {
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table striped verticalSpacing="xs" aria-label="Vista previa de valores UF">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Línea</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Qué se hará</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.lines.map((line) => (
            <Table.Tr key={line.line}>
              <Table.Td>{line.line}</Table.Td>
              <Table.Td>{line.date ? formatDate(line.date) : '—'}</Table.Td>
              <Table.Td ta="right">{line.valueText ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <StatusBadge color={STATUS[line.status].color}>{STATUS[line.status].label}</StatusBadge>
                  {line.status === 'changed' && <Text size="sm">{`antes ${line.previousText}`}</Text>}
                  {line.error && (
                    <Text size="sm" c="red.9">
                      {line.error}
                    </Text>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** 'Importar valores UF': a file of dates and values, every change shown before anything is written. */
export function UfImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const preview = usePreviewUfImport();
  const confirm = useConfirmUfImport();
  const { file, result, check, close } = useSheetImport({
    preview,
    confirm,
    ask: (chosen) => preview.mutate(chosen),
    onClose,
  });
  const writes = result ? result.counts.new + result.counts.changed : 0;
  const canConfirm = file !== null && result !== undefined && result.counts.invalid === 0 && writes > 0;

  const confirmFile = () => {
    if (!file || !canConfirm) return;
    confirm.mutate(file, {
      onSuccess: (answer) => {
        notifySuccess(
          answer.converted > 0
            ? `${answer.message}; ${answer.converted} ${answer.converted === 1 ? 'cobro calculado' : 'cobros calculados'} con la UF`
            : answer.message,
        );
        close();
      },
      onError: (error) => {
        notifyError(error);
        if (error instanceof ApiRequestError && error.status === 400) preview.mutate(file);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Importar valores UF" size="lg">
      <Stack>
        <Text size="sm">
          Una planilla de dos columnas: la fecha (01-11-2026 o 2026-11-01) y el valor (39.643,59), con o sin fila de
          títulos. Antes de guardar se muestra cada valor nuevo o cambiado.
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
              {`${result.counts.new} nuevos, ${result.counts.changed} cambian, ${result.counts.unchanged} sin cambio, ${result.counts.invalid} con error`}
            </Text>
            <PreviewTable preview={result} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button disabled={!canConfirm} loading={confirm.isPending} onClick={confirmFile}>
            {result ? `Guardar ${writes} ${writes === 1 ? 'valor' : 'valores'}` : 'Guardar valores'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
