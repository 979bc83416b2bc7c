import type { AgingBucket } from '@app/shared/billing';
import { formatMoney } from '@app/shared/money';
import type { CollectionRow } from '@app/shared/schemas/billing-collections';
import { ActionIcon, Anchor, Group, Menu, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconCash, IconDots, IconFileText, IconMail, IconMailOff } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type CollectionsFilter, useCollections, useExportCollections } from '../../../../api/billing/collections';
import { useSetRemindersStopped } from '../../../../api/billing/settings';
import { useResponsibleOptions } from '../../../../api/businesses/get-responsible-options';
import { useGroups } from '../../../../api/groups/get-groups';
import { ExportButton } from '../../../../components/export-button';
import { ListTable } from '../../../../components/list-table';
import { SearchInput } from '../../../../components/search-input';
import { useSortedBy } from '../../../../components/use-sorted-records';
import { NO_RESPONSIBLE } from '../../../../lib/board-filter-params';
import { formatDate } from '../../../../lib/dates';
import { notifyOutcome } from '../../../../lib/notify';
import { normalizeSearch } from '../../../../lib/search';
import { type CollectionsFilters, collectionsFiltersOf, withCollectionsFilter } from '../../utils/collections-params';
import { PaymentFormModal } from '../payments/payment-form-modal';
import { StatusBadge } from '../status-badge';
import { AGING_BUCKETS, BUCKET_COLORS, bucketLabel } from './aging-format';

/** Totals per aging bucket over the companies listed, and the balance. */
function BucketTotals({ totals }: { totals: { balance: number; buckets: Record<AgingBucket, number> } }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs" mb="md" data-testid="totales-tramos">
      <Paper withBorder p="xs">
        <Text size="xs" c="dimmed">
          Saldo total
        </Text>
        <Text fw={700}>{formatMoney(totals.balance)}</Text>
      </Paper>
      {AGING_BUCKETS.map((bucket) => (
        <Paper withBorder p="xs" key={bucket}>
          <Text size="xs" c="dimmed">
            {bucketLabel(bucket)}
          </Text>
          <Text fw={600}>{formatMoney(totals.buckets[bucket])}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The server's first order: by company name, upwards. */
const ARRIVAL_ORDER = { columnAccessor: 'name', direction: 'asc' } as const;

/**
 * The filters and order of 'Saldos' in the address (see collections-params.ts), changed with
 * `replace` as the tab and the month are: a reload, Back to the page or a shared link keeps them.
 */
function useCollectionsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => collectionsFiltersOf(params), [params]);
  const setFilter = useCallback(
    <Key extends keyof CollectionsFilters>(key: Key, value: CollectionsFilters[Key]) =>
      setParams((current) => withCollectionsFilter(current, key, value), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return { filters, setFilter };
}

/**
 * 'Saldos': each company's balance, oldest due date and aging bucket, the totals per bucket, the
 * filters Encargado, grupo and 'Solo vencidos', a search, sorting (Spanish order) and the export.
 */
export function CollectionsTab({ mayChange }: { mayChange: boolean }) {
  const { filters, setFilter } = useCollectionsFilters();
  const { overdue, search, sort: sortStatus } = filters;
  const [paying, setPaying] = useState<CollectionRow | null>(null);
  const responsibleOptions = useResponsibleOptions();
  const groups = useGroups();
  // A user or group the filters do not offer (an old link, one deleted since) filters nothing.
  const responsible =
    filters.responsible === null ||
    filters.responsible === NO_RESPONSIBLE ||
    !responsibleOptions.data ||
    responsibleOptions.data.some((option) => option.id === filters.responsible)
      ? filters.responsible
      : null;
  const group =
    filters.group === null || !groups.data || groups.data.some((entry) => entry.id === filters.group)
      ? filters.group
      : null;
  const query: CollectionsFilter = {
    responsible: responsible ?? undefined,
    group: group ?? undefined,
    overdue,
  };
  const collections = useCollections(query);
  const exportList = useExportCollections();
  const stopReminders = useSetRemindersStopped();
  const needle = normalizeSearch(useDeferredValue(search).trim());

  const rows = useMemo(() => {
    const all = collections.data?.rows ?? [];
    if (!needle) return all;
    return all.filter((row) =>
      normalizeSearch(`${row.name} ${row.razonSocial} ${row.rut} ${row.rut.replaceAll('.', '')}`).includes(needle),
    );
  }, [collections.data, needle]);
  const records = useSortedBy<CollectionRow>(rows, sortStatus, ARRIVAL_ORDER);
  const sortKey =
    sortStatus.columnAccessor === 'balance'
      ? 'balance'
      : sortStatus.columnAccessor === 'oldestDueDate'
        ? 'oldestDue'
        : 'name';

  return (
    <>
      <Group align="flex-end" gap="md" mb="md" wrap="wrap">
        <SearchInput
          label="Buscar empresa"
          placeholder="Nombre, razón social o RUT"
          value={search}
          onChange={(text) => setFilter('search', text)}
          mb={0}
        />
        <Select
          label="Encargado"
          placeholder="Todos"
          data={[
            { value: NO_RESPONSIBLE, label: 'Sin encargado' },
            ...(responsibleOptions.data ?? []).map((option) => ({ value: String(option.id), label: option.name })),
          ]}
          value={responsible === null ? null : String(responsible)}
          onChange={(value) =>
            setFilter('responsible', value === NO_RESPONSIBLE ? NO_RESPONSIBLE : value ? Number(value) : null)
          }
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar filtro de encargado' }}
          w={200}
        />
        <Select
          label="Grupo"
          placeholder="Todos"
          data={(groups.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
          value={group === null ? null : String(group)}
          onChange={(value) => setFilter('group', value ? Number(value) : null)}
          clearable
          searchable
          clearButtonProps={{ 'aria-label': 'Quitar filtro de grupo' }}
          w={200}
        />
        <Switch
          label="Solo vencidos"
          checked={overdue}
          onChange={(event) => setFilter('overdue', event.currentTarget.checked)}
          mb={8}
        />
        <ExportButton
          pending={exportList.isPending}
          disabled={records.length === 0}
          onExport={() =>
            exportList.mutateAsync({
              ...query,
              q: search.trim() || undefined,
              sort: sortKey,
              order: sortStatus.direction,
            })
          }
        />
      </Group>
      {collections.data && <BucketTotals totals={collections.data.totals} />}
      <ListTable
        aria-label="Saldos por empresa"
        highlightOnHover
        query={collections}
        errorText="No se pudieron cargar los saldos"
        noRecordsText={overdue ? 'Ninguna empresa tiene cobros vencidos' : 'Ninguna empresa tiene cobros'}
        search={search}
        records={records}
        idAccessor="businessId"
        sortStatus={sortStatus}
        onSortStatusChange={(status) => setFilter('sort', status)}
        columns={[
          {
            accessor: 'name',
            title: 'Empresa',
            sortable: true,
            render: (row) => (
              <Stack gap={0}>
                <Anchor component={Link} to={`/cobranza/empresa/${row.businessId}`} size="sm" fw={500}>
                  {row.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.rut}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'responsibleName',
            title: 'Encargado',
            sortable: true,
            render: (row) => row.responsibleName ?? '—',
          },
          {
            accessor: 'balance',
            title: 'Saldo',
            sortable: true,
            textAlign: 'right',
            noWrap: true,
            render: (row) => (
              <Stack gap={0} align="flex-end">
                <Text size="sm" fw={600}>
                  {formatMoney(row.balance)}
                </Text>
                {row.credit > 0 && <Text size="xs" c="dimmed">{`a favor ${formatMoney(row.credit)}`}</Text>}
              </Stack>
            ),
          },
          {
            accessor: 'oldestDueDate',
            title: 'Vencimiento más antiguo',
            sortable: true,
            noWrap: true,
            render: (row) =>
              row.oldestDueDate ? (
                <Stack gap={0}>
                  <Text size="sm">{formatDate(row.oldestDueDate)}</Text>
                  {row.daysOverdue > 0 && (
                    <Text size="xs" c="red.9">
                      {`${row.daysOverdue} ${row.daysOverdue === 1 ? 'día' : 'días'} de atraso`}
                    </Text>
                  )}
                </Stack>
              ) : (
                '—'
              ),
          },
          {
            accessor: 'bucket',
            title: 'Tramo',
            noWrap: true,
            render: (row) =>
              row.bucket ? <StatusBadge color={BUCKET_COLORS[row.bucket]}>{bucketLabel(row.bucket)}</StatusBadge> : '—',
          },
          {
            accessor: 'receiptsToConfirm',
            title: 'Avisos',
            render: (row) => (
              <Stack gap={0}>
                {row.receiptsToConfirm > 0 && (
                  <Text size="xs">{`${row.receiptsToConfirm} ${row.receiptsToConfirm === 1 ? 'comprobante' : 'comprobantes'} por confirmar`}</Text>
                )}
                {row.remindersStopped && (
                  <Text size="xs" c="dimmed">
                    Recordatorios detenidos
                  </Text>
                )}
              </Stack>
            ),
          },
        ]}
        actions={(row) => (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Acciones de cobranza de ${row.name}`}>
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {mayChange && (
                <Menu.Item leftSection={<IconCash size={14} aria-hidden />} onClick={() => setPaying(row)}>
                  Registrar pago
                </Menu.Item>
              )}
              <Menu.Item
                component={Link}
                to={`/cobranza/empresa/${row.businessId}`}
                leftSection={<IconFileText size={14} aria-hidden />}
              >
                Estado de cuenta
              </Menu.Item>
              {mayChange && (
                <Menu.Item
                  leftSection={
                    row.remindersStopped ? <IconMail size={14} aria-hidden /> : <IconMailOff size={14} aria-hidden />
                  }
                  onClick={() =>
                    stopReminders.mutate({ businessId: row.businessId, stopped: !row.remindersStopped }, notifyOutcome)
                  }
                >
                  {row.remindersStopped ? 'Reanudar recordatorios' : 'Detener recordatorios'}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      />
      <PaymentFormModal
        business={paying ? { id: paying.businessId, name: paying.name } : null}
        opened={paying !== null}
        onClose={() => setPaying(null)}
      />
    </>
  );
}
