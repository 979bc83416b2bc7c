import { formatMoney } from '@app/shared/money';
import type { BillingMonth, Charge, GenerateChargesResult } from '@app/shared/schemas/billing';
import { Button, Group, Menu, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconFileCheck,
  IconFileImport,
  IconFileSpreadsheet,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useCharges, useExportCharges, useGenerateCharges } from '../../../../api/billing/charges';
import { SearchInput } from '../../../../components/search-input';
import { useSortedRecords } from '../../../../components/use-sorted-records';
import { notifyError } from '../../../../lib/notify';
import { normalizeSearch } from '../../../../lib/search';
import { monthLabel } from '../../utils/billing-month';
import { chargeSearchText } from './charge-format';
import { ChargesTable } from './charges-table';
import { GenerateResult } from './generate-result';

/*
 * The dialogs' scripts (their forms, the shared schemas, the file picker) load when one is first
 * opened, not with the month's charges: the tab is drawn without them. Once loaded a dialog stays
 * mounted, so that it fades in and out as any other.
 */
const EditChargeModal = lazy(() => import('./edit-charge-modal').then((m) => ({ default: m.EditChargeModal })));
const VoidChargeModal = lazy(() => import('./void-charge-modal').then((m) => ({ default: m.VoidChargeModal })));
const IssueModal = lazy(() => import('./issue-modal').then((m) => ({ default: m.IssueModal })));
const IssuedImportModal = lazy(() => import('./issued-import-modal').then((m) => ({ default: m.IssuedImportModal })));

type Dialog =
  | { kind: 'edit'; charge: Charge }
  | { kind: 'void'; charge: Charge }
  | { kind: 'issue'; charges: Charge[] }
  | { kind: 'import' }
  | null;
type DialogKind = NonNullable<Dialog>['kind'];

/** 'Cobros del mes': generate, search and sort, edit, void, mark issued, export for invoicing. */
export function ChargesTab({ month, mayChange }: { month: BillingMonth; mayChange: boolean }) {
  const charges = useCharges(month);
  const generate = useGenerateCharges();
  const exportCharges = useExportCharges();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Charge[]>([]);
  // The dialog last opened stays while it fades out; `open` says whether it is shown.
  const [dialog, setDialogState] = useState<Dialog>(null);
  const [open, setOpen] = useState(false);
  // The dialogs opened so far: each is mounted from its first opening on.
  const [used, setUsed] = useState<ReadonlySet<DialogKind>>(new Set());
  const setDialog = (next: Dialog) => {
    if (next) {
      setDialogState(next);
      if (!used.has(next.kind)) setUsed(new Set([...used, next.kind]));
    }
    setOpen(next !== null);
  };
  const [generated, setGenerated] = useState<{ key: string; result: GenerateChargesResult } | null>(null);
  const monthKey = `${month.year}-${month.month}`;

  const rows = useMemo(() => {
    const all = charges.data?.charges ?? [];
    const needle = normalizeSearch(search.trim());
    return needle ? all.filter((charge) => chargeSearchText(charge).includes(needle)) : all;
  }, [charges.data, search]);
  // The server sends the month's charges by company name: shown so until another order is chosen.
  const { records, sortStatus, setSortStatus } = useSortedRecords<Charge>(
    rows,
    { columnAccessor: 'businessName', direction: 'asc' },
    { arrivesSorted: true },
  );
  // Only drafts still shown and still drafts stay selected (after a reload, a search, another month).
  const selectedDrafts = selected.filter((charge) =>
    records.some((row) => row.id === charge.id && row.status === 'draft'),
  );

  const runGenerate = () =>
    generate.mutate(month, {
      onSuccess: (result) => setGenerated({ key: monthKey, result }),
      onError: (error) => notifyError(error, 'No se generaron los cobros'),
    });
  const runExport = (format: 'xlsx' | 'csv') =>
    exportCharges.mutate({ ...month, format }, { onError: (error) => notifyError(error, 'No se pudo exportar') });

  const totals = charges.data?.totals;
  const toInvoice = (charges.data?.charges ?? []).filter((charge) => charge.status === 'draft').length;
  return (
    <>
      {mayChange && (
        <Group gap="xs" mb="md" wrap="wrap">
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={generate.isPending}
            onClick={runGenerate}
          >
            {`Generar cobros de ${monthLabel(month)}`}
          </Button>
          <Menu position="bottom-start">
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
                loading={exportCharges.isPending}
                disabled={toInvoice === 0}
              >
                Exportar para facturar
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => runExport('xlsx')}>Excel (.xlsx)</Menu.Item>
              <Menu.Item onClick={() => runExport('csv')}>CSV (.csv)</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'import' })}
            disabled={toInvoice === 0}
          >
            Importar emitidos
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileCheck size={16} aria-hidden />}
            disabled={selectedDrafts.length === 0}
            onClick={() => setDialog({ kind: 'issue', charges: selectedDrafts })}
          >
            {`Marcar emitidos (${selectedDrafts.length})`}
          </Button>
        </Group>
      )}
      {generated?.key === monthKey && <GenerateResult result={generated.result} onClose={() => setGenerated(null)} />}
      <Group justify="space-between" align="flex-end" wrap="wrap" mb="sm">
        <SearchInput
          label="Buscar cobro"
          placeholder="Empresa, RUT, detalle o folio"
          value={search}
          onChange={setSearch}
          mb={0}
        />
        {totals && (
          <Text size="sm" data-testid="totales-cobros">
            {`Todo el mes, sin anulados: ${totals.count} ${totals.count === 1 ? 'cobro' : 'cobros'} · Neto ${formatMoney(totals.net)} · Impuestos ${formatMoney(totals.tax)} · Total ${formatMoney(totals.total)}`}
          </Text>
        )}
      </Group>
      <ChargesTable
        query={charges}
        records={records}
        search={search}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        selected={selectedDrafts}
        onSelectedChange={setSelected}
        mayChange={mayChange}
        actions={{
          onEdit: (charge) => setDialog({ kind: 'edit', charge }),
          onIssue: (charge) => setDialog({ kind: 'issue', charges: [charge] }),
          onVoid: (charge) => setDialog({ kind: 'void', charge }),
        }}
      />
      {used.has('edit') && (
        <Suspense fallback={null}>
          <EditChargeModal
            charge={dialog?.kind === 'edit' ? dialog.charge : null}
            opened={open && dialog?.kind === 'edit'}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {used.has('void') && (
        <Suspense fallback={null}>
          <VoidChargeModal
            charge={dialog?.kind === 'void' ? dialog.charge : null}
            opened={open && dialog?.kind === 'void'}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {used.has('issue') && (
        <Suspense fallback={null}>
          <IssueModal
            charges={dialog?.kind === 'issue' ? dialog.charges : []}
            opened={open && dialog?.kind === 'issue'}
            onClose={() => setDialog(null)}
            onIssued={() => setSelected([])}
          />
        </Suspense>
      )}
      {used.has('import') && (
        <Suspense fallback={null}>
          <IssuedImportModal month={month} opened={open && dialog?.kind === 'import'} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
