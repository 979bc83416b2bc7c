import { companiesMsg } from '@app/shared/messages-companies';
import { importMsg } from '@app/shared/messages-import';
import type { ImportChange, ImportError, ImportPreview, ImportRow } from '@app/shared/schemas/business-import';
import { Alert, Badge, Checkbox, Paper, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { ListTable } from '../../../../components/list-table';
import { WarningAlert } from '../../../../components/warning-alert';

/** Wider windows also show the group, the owner and the services; a phone keeps row, name and RUT. */
const MEDIUM = '(min-width: 700px)';
const PAGE_SIZE = 20;

/** 'YYYY-MM-01' → 'MM-YYYY', as the template's service columns write it. */
const monthOf = (date: string) => `${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** A new company: what it will be created with. */
const createColumns: DataTableColumn<ImportRow>[] = [
  { accessor: 'row', title: importMsg.rowColumn, width: 64 },
  { accessor: 'name', title: 'Nombre' },
  { accessor: 'rut', title: 'RUT', noWrap: true },
  {
    accessor: 'group',
    title: 'Grupo',
    visibleMediaQuery: MEDIUM,
    render: (row) => row.group ?? '',
  },
  {
    accessor: 'responsibleName',
    title: companiesMsg.responsibleLabel,
    visibleMediaQuery: MEDIUM,
    render: (row) => row.responsibleName ?? companiesMsg.noResponsible,
  },
  {
    accessor: 'services',
    title: importMsg.servicesColumn,
    visibleMediaQuery: MEDIUM,
    render: (row) => (
      <Stack gap={0}>
        {row.services.map((link) => (
          <Text key={link.serviceId} size="sm">
            {link.serviceName} ({monthOf(link.startDate)})
          </Text>
        ))}
      </Stack>
    ),
  },
];

/** One value an update changes: 'Razón social: Transportes Cordillera Ltda. → Panadería Ñuñoa SpA'. */
function ChangeLine({ change }: { change: ImportChange }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {change.column}:
      </Text>{' '}
      <Text span size="sm" c="dimmed" td="line-through">
        {change.before ?? importMsg.emptyValue}
      </Text>{' '}
      → {change.after ?? importMsg.emptyValue}
    </Text>
  );
}

/** An update shows what it changes, old → new, next to the company; a change of name is marked. */
const updateColumns: DataTableColumn<ImportRow>[] = [
  { accessor: 'row', title: importMsg.rowColumn, width: 64 },
  {
    accessor: 'name',
    title: 'Nombre',
    render: (row) => (
      <Stack gap={2}>
        <Text size="sm">{row.name}</Text>
        <Text size="xs" c="dimmed">
          {row.rut}
        </Text>
        {row.renamedFrom !== null && (
          <Badge color="yellow" c="dark.9" variant="filled" size="sm">
            {importMsg.renameBadge}
          </Badge>
        )}
      </Stack>
    ),
  },
  {
    accessor: 'changes',
    title: importMsg.changesColumn,
    render: (row) =>
      row.changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {importMsg.noChanges}
        </Text>
      ) : (
        <Stack gap={2}>
          {row.changes.map((change) => (
            <ChangeLine key={change.column} change={change} />
          ))}
        </Stack>
      ),
  },
];

/**
 * The rows whose RUT is an existing company's but whose name is another: each asks for its own
 * confirmation ('Transportes Cordillera → Panadería Ñuñoa'), since a wrong RUT would rename another client.
 */
function RenamesToConfirm({
  rows,
  confirmed,
  onConfirm,
}: {
  rows: ImportRow[];
  confirmed: ReadonlySet<number>;
  onConfirm: (businessId: number, confirmed: boolean) => void;
}) {
  return (
    <WarningAlert title={importMsg.renamesTitle(rows.length)}>
      <Stack gap="xs">
        <Text size="sm">{importMsg.renamesIntro}</Text>
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack gap="xs">
            {rows.map((row) => (
              <Paper key={row.row} withBorder p="xs" radius="sm">
                <Stack gap={4}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {row.renamedFrom} → {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {importMsg.renameLabel(row.row, row.rut)}
                    {row.clientUsers > 0 ? ` · ${importMsg.renameClientUsers(row.clientUsers)}` : ''}
                  </Text>
                  <Checkbox
                    label={importMsg.renameConfirm}
                    aria-label={`${importMsg.renameConfirm}: ${row.renamedFrom} → ${row.name}`}
                    checked={confirmed.has(row.businessId ?? 0)}
                    onChange={(event) => onConfirm(row.businessId ?? 0, event.currentTarget.checked)}
                  />
                </Stack>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </WarningAlert>
  );
}

type KeyedError = ImportError & { key: number };

const errorColumns: DataTableColumn<KeyedError>[] = [
  { accessor: 'row', title: importMsg.rowColumn, width: 64 },
  { accessor: 'column', title: importMsg.columnColumn },
  { accessor: 'message', title: importMsg.messageColumn, render: (error) => error.message },
];

/** The update rows that change a company's name: each needs its own confirmation. */
export const renamesOf = (preview: ImportPreview) => preview.update.filter((row) => row.renamedFrom !== null);

/**
 * What a spreadsheet would do, before anything is written: 'N nuevas, M a actualizar, K con
 * errores', the changes of name to confirm one by one, then every bad cell (row, column, the form's
 * Spanish message), the rows to create and the rows to update with each value they change (old →
 * new), each in its own tab, paged. Opens on the errors when there are any, else on the updates
 * when a name changes.
 */
export function ImportPreviewView({
  preview,
  confirmedRenames,
  onConfirmRename,
}: {
  preview: ImportPreview;
  confirmedRenames: ReadonlySet<number>;
  onConfirmRename: (businessId: number, confirmed: boolean) => void;
}) {
  const rowsWithErrors = useMemo(() => new Set(preview.errors.map((error) => error.row)).size, [preview.errors]);
  const errors = useMemo(() => preview.errors.map((error, key) => ({ ...error, key })), [preview.errors]);
  const renames = useMemo(() => renamesOf(preview), [preview]);
  const [tab, setTab] = useState<string | null>(
    preview.errors.length > 0 ? 'errors' : renames.length > 0 ? 'update' : 'create',
  );

  return (
    <Stack gap="sm">
      <Text fw={600} aria-live="polite">
        {importMsg.counts(preview.create.length, preview.update.length, rowsWithErrors)}
      </Text>
      {preview.errors.length > 0 && (
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">{importMsg.fixErrors}</Text>
        </Alert>
      )}
      {preview.errors.length === 0 && renames.length > 0 && (
        <RenamesToConfirm rows={renames} confirmed={confirmedRenames} onConfirm={onConfirmRename} />
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="errors" c={preview.errors.length > 0 ? 'red.8' : undefined}>
            {importMsg.errorsTab(preview.errors.length)}
          </Tabs.Tab>
          <Tabs.Tab value="create">{importMsg.createTab(preview.create.length)}</Tabs.Tab>
          <Tabs.Tab value="update">{importMsg.updateTab(preview.update.length)}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="errors" pt="xs">
          <ListTable
            aria-label={importMsg.errorsTab(preview.errors.length)}
            records={errors}
            idAccessor="key"
            columns={errorColumns}
            noRecordsText={importMsg.noErrors}
            pageSize={PAGE_SIZE}
          />
        </Tabs.Panel>
        <Tabs.Panel value="create" pt="xs">
          <ListTable
            aria-label={importMsg.createTab(preview.create.length)}
            records={preview.create}
            idAccessor="row"
            columns={createColumns}
            noRecordsText={importMsg.noRows}
            pageSize={PAGE_SIZE}
          />
        </Tabs.Panel>
        <Tabs.Panel value="update" pt="xs">
          <ListTable
            aria-label={importMsg.updateTab(preview.update.length)}
            records={preview.update}
            idAccessor="row"
            columns={updateColumns}
            noRecordsText={importMsg.noRows}
            pageSize={PAGE_SIZE}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
