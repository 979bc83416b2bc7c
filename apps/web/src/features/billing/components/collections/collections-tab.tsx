import type { AgingBucket } from '@app/shared/billing';
import { formatMoney } from '@app/shared/money';
import type { CollectionRow } from '@app/shared/schemas/billing-collections';
import { ActionIcon, Anchor, Group, Menu, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconCash, IconDots, IconFileText, IconMail, IconMailOff } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type CollectionsFilter, useCollections, useExportCollections } from '../../../../api/billing/collections';
import { useSetRemindersStopped } from '../../../../api/billing/settings';
import { useResponsibleOptions } from '../../../../api/businesses/get-responsible-options';
import { useGroups } from '../../../../api/groups/get-groups';
import { ExportButton } from '../../../../components/export-button';
import { ListTable } from '../../../../components/list-table';
import { SearchInput } from '../../../../components/search-input';
import { useSortedRecords } from '../../../../components/use-sorted-records';
import { formatDate } from '../../../../lib/dates';
import { notifyOutcome } from '../../../../lib/notify';
import { normalizeSearch } from '../../../../lib/search';
import { PaymentFormModal } from '../payments/payment-form-modal';
import { StatusBadge } from '../status-badge';
import { AGING_BUCKETS, BUCKET_COLORS, bucketLabel } from './aging-format';

const NONE = 'none';

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

/**
 * 'Saldos': each company's balance, oldest due date and aging bucket, the totals per bucket, the
 * filters Encargado, grupo and 'Solo vencidos', a search, sorting (Spanish order) and the export.
 */
export function CollectionsTab({ mayChange }: { mayChange: boolean }) {
  const [responsible, setResponsible] = useState<string | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const [overdue, setOverdue] = useState(false);
  const [search, setSearch] = useState('');
  const [paying, setPaying] = useState<CollectionRow | null>(null);
  const query: CollectionsFilter = {
    responsible: responsible === NONE ? 'none' : responsible ? Number(responsible) : undefined,
    group: group ? Number(group) : undefined,
    overdue,
  };
  const collections = useCollections(query);
  const responsibleOptions = useResponsibleOptions();
  const groups = useGroups();
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
  const { records, sortStatus, setSortStatus } = useSortedRecords<CollectionRow>(rows, {
    columnAccessor: 'name',
    direction: 'asc',
  });
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
          onChange={setSearch}
          mb={0}
        />
        <Select
          label="Encargado"
          placeholder="Todos"
          data={[
            { value: NONE, label: 'Sin encargado' },
            ...(responsibleOptions.data ?? []).map((option) => ({ value: String(option.id), label: option.name })),
          ]}
          value={responsible}
          onChange={setResponsible}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar filtro de encargado' }}
          w={200}
        />
        <Select
          label="Grupo"
          placeholder="Todos"
          data={(groups.data ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
          value={group}
          onChange={setGroup}
          clearable
          searchable
          clearButtonProps={{ 'aria-label': 'Quitar filtro de grupo' }}
          w={200}
        />
        <Switch
          label="Solo vencidos"
          checked={overdue}
          onChange={(event) => setOverdue(event.currentTarget.checked)}
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
        onSortStatusChange={setSortStatus}
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
