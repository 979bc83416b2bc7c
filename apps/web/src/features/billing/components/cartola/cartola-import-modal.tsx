import { formatMoney } from '@app/shared/money';
import type { CartolaPreview, CartolaPreviewLine } from '@app/shared/schemas/billing-collections';
import { Button, Group, Modal, NativeSelect, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useConfirmCartola, usePreviewCartola } from '../../../../api/billing/cartola';
import { formatDate } from '../../../../lib/dates';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSheetImport } from '../../hooks/use-sheet-import';
import { SheetFilePicker } from '../sheet-file-picker';

type Action = 'match' | 'keep';
const IGNORED: Record<'duplicate' | 'debit' | 'invalid', string> = {
  duplicate: 'Ya importada',
  debit: 'Cargo: no se importa',
  invalid: 'Con error',
};

/** A line's proposal as the preview says it: 'Ferretería El Roble (RUT 76.123.456-7 en la línea)'. */
const proposalText = (line: CartolaPreviewLine) =>
  line.proposal ? `${line.proposal.businessName} (${line.proposal.reasonText})` : 'Sin empresa propuesta';

function PreviewRows({
  preview,
  actions,
  onAction,
}: {
  preview: CartolaPreview;
  actions: Record<number, Action>;
  onAction: (line: number, action: Action) => void;
}) {
  return (
    <ScrollArea.Autosize mah={380} type="auto">
      <Table striped verticalSpacing="xs" aria-label="Vista previa de la cartola">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Línea</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Descripción</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
            <Table.Th>Empresa propuesta</Table.Th>
            <Table.Th>Qué hacer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.lines.map((line) => (
            <Table.Tr key={line.line}>
              <Table.Td>{line.line}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.date ? formatDate(line.date) : '—'}</Table.Td>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {line.amount === null ? '—' : formatMoney(line.amount)}
              </Table.Td>
              <Table.Td>{line.status === 'new' ? proposalText(line) : (line.error ?? '')}</Table.Td>
              <Table.Td>
                {line.status === 'new' ? (
                  <NativeSelect
                    aria-label={`Qué hacer con la línea ${line.line}`}
                    size="xs"
                    data={[
                      ...(line.proposal ? [{ value: 'match', label: 'Registrar pago' }] : []),
                      { value: 'keep', label: 'Dejar por asociar' },
                    ]}
                    value={actions[line.line] ?? 'keep'}
                    onChange={(event) => onAction(line.line, event.currentTarget.value as Action)}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {IGNORED[line.status]}
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
 * 'Importar cartola': the bank statement's deposits with the company each seems to pay; the owner
 * confirms each proposal or keeps the line to match it later. Nothing is written before 'Importar'.
 */
export function CartolaImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const preview = usePreviewCartola();
  const confirm = useConfirmCartola();
  const [actions, setActions] = useState<Record<number, Action>>({});
  const { file, result, check, close } = useSheetImport({
    preview,
    confirm,
    ask: (chosen) =>
      preview.mutate(chosen, {
        onSuccess: (answer) =>
          setActions(
            Object.fromEntries(answer.lines.filter((line) => line.proposal).map((line) => [line.line, 'match'])),
          ),
      }),
    onClose,
    forget: () => setActions({}),
  });
  const fresh = (result?.lines ?? []).filter((line) => line.status === 'new');
  const matching = fresh.filter((line) => (actions[line.line] ?? 'keep') === 'match').length;

  const importLines = () =>
    confirm.mutate(
      {
        lines: fresh.map((line) => {
          const action = actions[line.line] ?? 'keep';
          return {
            date: line.date ?? '',
            description: line.description,
            amount: line.amount ?? 0,
            rut: line.rut,
            occurrence: line.occurrence,
            key: line.key ?? '',
            action,
            businessId: action === 'match' ? line.proposal?.businessId : null,
            chargeIds: action === 'match' && line.proposal?.chargeId ? [line.proposal.chargeId] : [],
          };
        }),
      },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
        },
        onError: (error) => notifyError(error),
      },
    );

  return (
    <Modal opened={opened} onClose={close} title="Importar cartola" size="xl">
      <Stack>
        <Text size="sm">
          La cartola del banco en .xlsx o .csv, con las columnas Fecha, Descripción y Monto (o Abono y Cargo). Cada
          abono se busca entre las empresas por RUT, monto o folio; revisa cada propuesta antes de importar. Las líneas
          sin asociar quedan guardadas para asociarlas después.
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
              {`${result.counts.new} abonos nuevos (${result.counts.proposed} con empresa propuesta), ${result.counts.duplicate} ya importados, ${result.counts.debit} cargos, ${result.counts.invalid} con error`}
            </Text>
            <PreviewRows
              preview={result}
              actions={actions}
              onAction={(line, action) => setActions((current) => ({ ...current, [line]: action }))}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button disabled={fresh.length === 0} loading={confirm.isPending} onClick={importLines}>
            {`Importar ${fresh.length} ${fresh.length === 1 ? 'línea' : 'líneas'} (${matching} como pago)`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
