import { companiesMsg } from '@app/shared/messages-companies';
import { importMsg } from '@app/shared/messages-import';
import type { ImportError, ImportPreview, ImportRow } from '@app/shared/schemas/company-import';
import { Alert, Stack, Tabs, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { ListTable } from '../../../../components/list-table';

/** Wider windows also show the group, the owner and the services; a phone keeps row, name and RUT. */
const MEDIUM = '(min-width: 700px)';
const PAGE_SIZE = 20;

/** 'YYYY-MM-01' → 'MM-YYYY', as the template's service columns write it. */
const monthOf = (date: string) => `${date.slice(5, 7)}-${date.slice(0, 4)}`;

const rowColumns = (isUpdate: boolean): DataTableColumn<ImportRow>[] => [
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
    // On a new company no name means none; on an update it means the owner stays as it is.
    render: (row) => row.responsibleName ?? (isUpdate ? '' : companiesMsg.noResponsible),
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

type KeyedError = ImportError & { key: number };

const errorColumns: DataTableColumn<KeyedError>[] = [
  { accessor: 'row', title: importMsg.rowColumn, width: 64 },
  { accessor: 'column', title: importMsg.columnColumn },
  { accessor: 'message', title: importMsg.messageColumn, render: (error) => error.message },
];

/**
 * What a spreadsheet would do, before anything is written: 'N nuevas, M a actualizar, K con
 * errores', then every bad cell (row, column, the form's Spanish message) and the rows to create and
 * to update, each in its own tab, paged. Opens on the errors when there are any.
 */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const rowsWithErrors = useMemo(() => new Set(preview.errors.map((error) => error.row)).size, [preview.errors]);
  const errors = useMemo(() => preview.errors.map((error, key) => ({ ...error, key })), [preview.errors]);
  const [tab, setTab] = useState<string | null>(preview.errors.length > 0 ? 'errors' : 'create');

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
            columns={rowColumns(false)}
            noRecordsText={importMsg.noRows}
            pageSize={PAGE_SIZE}
          />
        </Tabs.Panel>
        <Tabs.Panel value="update" pt="xs">
          <ListTable
            aria-label={importMsg.updateTab(preview.update.length)}
            records={preview.update}
            idAccessor="row"
            columns={rowColumns(true)}
            noRecordsText={importMsg.noRows}
            pageSize={PAGE_SIZE}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
