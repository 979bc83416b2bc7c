import { Group } from '@mantine/core';
import type { DataTableColumn, DataTableProps, DataTableSortStatus } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { ListTable, type ListTableQuery } from './list-table';
import { NewButton } from './new-button';
import { PageHeader } from './page-header';
import { SearchInput } from './search-input';
import { useSortedRecords } from './use-sorted-records';

export interface ListSearch {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A list screen (Empresas, Grupos, Usuarios, Servicios, Tareas, Documentos): the title under
 * 'Inicio', '+ Nuevo' when the user may create, the search box when the list has one, and the
 * sortable ListTable with the query's loading and failure. `rows` are what the page lists (already
 * searched); `children` hold the page's create and edit modals.
 */
export function ListPage<T>({
  title,
  onCreate,
  headerActions,
  search,
  filters,
  query,
  rows,
  initialSort = { columnAccessor: 'name', direction: 'asc' },
  columns,
  noRecordsText,
  errorText,
  actions,
  onRowClick,
  children,
}: {
  title: string;
  onCreate?: () => void;
  /** More buttons beside '+ Nuevo', given the rows as shown (searched and sorted): 'Exportar a Excel'. */
  headerActions?: (shown: T[]) => ReactNode;
  search?: ListSearch;
  /** More filters next to the search box (e.g. the companies' 'Encargado'). */
  filters?: ReactNode;
  query: ListTableQuery;
  rows: T[];
  /** By name, A to Z, unless given. */
  initialSort?: DataTableSortStatus<T>;
  columns: DataTableColumn<T>[];
  noRecordsText: string;
  errorText: string;
  actions?: (record: T) => ReactNode;
  onRowClick?: DataTableProps<T>['onRowClick'];
  children?: ReactNode;
}) {
  const { records, sortStatus, setSortStatus } = useSortedRecords(rows, initialSort);
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: 'Inicio', to: '/' }, { label: title }]}
        actions={
          headerActions ? (
            <Group gap="xs" wrap="wrap">
              {headerActions(records)}
              {onCreate && <NewButton onClick={onCreate} />}
            </Group>
          ) : (
            onCreate && <NewButton onClick={onCreate} />
          )
        }
      />
      {filters ? (
        <Group align="flex-end" gap="md" mb="md">
          {search && <SearchInput {...search} mb={0} />}
          {filters}
        </Group>
      ) : (
        search && <SearchInput {...search} />
      )}
      <ListTable
        highlightOnHover
        query={query}
        noRecordsText={noRecordsText}
        errorText={errorText}
        search={search?.value}
        records={records}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        onRowClick={onRowClick}
        columns={columns}
        actions={actions}
      />
      {children}
    </>
  );
}
