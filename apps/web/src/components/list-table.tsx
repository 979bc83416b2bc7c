import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import type { ReactNode } from 'react';

/** What the table needs to know about the query that feeds it. */
export interface ListTableQuery {
  isLoading: boolean;
  isError: boolean;
}

export type ListTableProps<T> = DataTableProps<T> & {
  records: T[];
  /** The query behind the records: the table shows its loading, and `errorText` when it failed. */
  query?: ListTableQuery;
  /** Shown instead of `noRecordsText` when the query failed, e.g. 'No se pudieron cargar los usuarios'. */
  errorText?: string;
  /** The table's height while it has no rows, so the empty text has room. */
  emptyHeight?: number;
  /** What the 'Acciones' column at the right end shows for a row (e.g. RowActions); no column without it. */
  actions?: (record: T) => ReactNode;
};

/**
 * The bordered, striped DataTable of every list: keeps its height when empty, shows the query's
 * loading, and tells a failed load from an empty list. Every other DataTable prop passes through.
 */
export function ListTable<T>({
  query,
  errorText,
  noRecordsText,
  emptyHeight = 150,
  actions,
  ...props
}: ListTableProps<T>) {
  const columns: DataTableColumn<T>[] | undefined = props.columns;
  const tableProps = {
    ...props,
    columns:
      actions && columns
        ? [...columns, { accessor: 'actions', title: 'Acciones', textAlign: 'right', render: actions }]
        : columns,
  } as DataTableProps<T>;
  return (
    <DataTable
      withTableBorder
      borderRadius="sm"
      striped
      minHeight={props.records.length ? undefined : emptyHeight}
      fetching={query?.isLoading}
      noRecordsText={query?.isError && errorText ? errorText : noRecordsText}
      {...tableProps}
    />
  );
}
