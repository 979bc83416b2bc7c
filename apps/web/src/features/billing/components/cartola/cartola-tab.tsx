import { formatMoney } from '@app/shared/money';
import type { CartolaLine } from '@app/shared/schemas/billing-collections';
import { Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useIgnoreCartolaLine, useMatchCartolaLine, useUnmatchedCartolaLines } from '../../../../api/billing/cartola';
import { useBusinesses } from '../../../../api/businesses/get-businesses';
import { ListTable } from '../../../../components/list-table';
import { formatDate } from '../../../../lib/dates';
import { notifyError, notifyOutcome } from '../../../../lib/notify';
import { ReasonModal } from '../payments/reason-modal';
import { CartolaImportModal } from './cartola-import-modal';

/** Matching a kept line to a company: its proposal preselected, any company choosable. */
function MatchModal({ line, onClose }: { line: CartolaLine | null; onClose: () => void }) {
  const businesses = useBusinesses();
  const match = useMatchCartolaLine();
  const [businessId, setBusinessId] = useState<string | null>(null);
  const chosen = businessId ?? (line?.proposal ? String(line.proposal.businessId) : null);
  const close = () => {
    setBusinessId(null);
    onClose();
  };
  return (
    <Modal opened={line !== null} onClose={close} title="Asociar línea de la cartola">
      <Stack>
        <Text size="sm">
          {line ? `${formatDate(line.date)} · ${line.description} · ${formatMoney(line.amount)}` : ''}
        </Text>
        <Select
          label="Empresa que pagó"
          searchable
          nothingFoundMessage="Sin resultados"
          data={(businesses.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
          value={chosen}
          onChange={setBusinessId}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button
            disabled={!chosen}
            loading={match.isPending}
            onClick={() =>
              line &&
              chosen &&
              match.mutate(
                {
                  id: line.id,
                  businessId: Number(chosen),
                  chargeIds:
                    line.proposal?.chargeId && String(line.proposal.businessId) === chosen
                      ? [line.proposal.chargeId]
                      : [],
                },
                {
                  onSuccess: (result) => {
                    notifyOutcome.onSuccess(result);
                    close();
                  },
                  onError: (error) => notifyError(error),
                },
              )
            }
          >
            Registrar pago
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Cartola': import a bank statement, then the lines kept unmatched, each matched to a company or ignored. */
export function CartolaTab({ mayChange }: { mayChange: boolean }) {
  const lines = useUnmatchedCartolaLines();
  const ignore = useIgnoreCartolaLine();
  const [importing, setImporting] = useState(false);
  const [matching, setMatching] = useState<CartolaLine | null>(null);
  const [ignoring, setIgnoring] = useState<CartolaLine | null>(null);
  return (
    <Stack>
      {mayChange && (
        <Group>
          <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImporting(true)}>
            Importar cartola
          </Button>
        </Group>
      )}
      <Title order={2} size="h4">
        Líneas por asociar
      </Title>
      <ListTable
        aria-label="Líneas de cartola por asociar"
        query={lines}
        errorText="No se pudieron cargar las líneas de la cartola"
        noRecordsText="No hay líneas de cartola por asociar"
        records={lines.data ?? []}
        columns={[
          { accessor: 'date', title: 'Fecha', noWrap: true, render: (line) => formatDate(line.date) },
          { accessor: 'description', title: 'Descripción' },
          {
            accessor: 'amount',
            title: 'Monto',
            textAlign: 'right',
            noWrap: true,
            render: (line) => formatMoney(line.amount),
          },
          {
            accessor: 'proposal',
            title: 'Empresa propuesta',
            render: (line) => (line.proposal ? `${line.proposal.businessName} (${line.proposal.reasonText})` : '—'),
          },
        ]}
        actions={
          mayChange
            ? (line) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    aria-label={`Asociar línea ${line.description}`}
                    onClick={() => setMatching(line)}
                  >
                    Asociar
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Ignorar línea ${line.description}`}
                    onClick={() => setIgnoring(line)}
                  >
                    Ignorar
                  </Button>
                </Group>
              )
            : undefined
        }
      />
      <CartolaImportModal opened={importing} onClose={() => setImporting(false)} />
      <MatchModal line={matching} onClose={() => setMatching(null)} />
      <ReasonModal
        title="Ignorar línea de la cartola"
        summary={
          ignoring ? `${formatDate(ignoring.date)} · ${ignoring.description} · ${formatMoney(ignoring.amount)}` : ''
        }
        label="Por qué se ignora"
        requiredMessage="Indique por qué se ignora la línea"
        confirmLabel="Ignorar línea"
        opened={ignoring !== null}
        pending={ignore.isPending}
        onClose={() => setIgnoring(null)}
        onConfirm={(reason) => ignore.mutateAsync({ id: ignoring?.id ?? 0, reason }, notifyOutcome)}
      />
    </Stack>
  );
}
