import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { type FailedQuery, LoadError } from './load-error';
import { SortHeader } from './sort-header';

/** What the table needs to know about the query that feeds it. */
export interface ListTableQuery extends FailedQuery {
  isLoading: boolean;
  isError: boolean;
}

export type ListTableProps<T> = DataTableProps<T> & {
  records: T[];
  /** The query behind the records: the table shows its loading; a failed load shows LoadError instead. */
  query?: ListTableQuery;
  /** The failed load's title, e.g. 'No se pudieron cargar los usuarios'. */
  errorText?: string;
  /** The table's height while it has no rows, so the empty text has room. */
  emptyHeight?: number;
  /** What the 'Acciones' column at the right end shows for a row (e.g. RowActions); no column without it. */
  actions?: (record: T) => ReactNode;
  /** The search that filtered `records`: with no match the table says 'Sin resultados para …', not that the list is empty. */
  search?: string;
  /** Rows a page when the table pages its own records (longer lists only; default 50). */
  pageSize?: number;
  /**
   * A long page drawn in two steps: its first rows (those a window shows) at once, so that the
   * screen can be used sooner, then the rest of the page right after, as a transition that a click
   * or a key press does not wait for. Without it the whole page is drawn at once.
   */
  firstPaintRows?: number;
};

/** How every list's pager reads: '1-50 de 2.000'. */
export const paginationText = ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
  `${from}-${to} de ${totalRecords.toLocaleString('es-CL')}`;

const PAGER_LABELS = {
  first: 'Primera página',
  last: 'Última página',
  previous: 'Página anterior',
  next: 'Página siguiente',
};

/** The pager's buttons named in Spanish (the table library names them in English). */
export const pagerControlProps = (control: keyof typeof PAGER_LABELS) => ({ 'aria-label': PAGER_LABELS[control] });
export const pagerItemProps = (page: number) => ({ 'aria-label': `Página ${page}` });

/**
 * Whether the table's scrolling box scrolls sideways (a phone, a wide table): then it takes the
 * keyboard's focus, so that the arrows can scroll it (WCAG 2.1.1); otherwise it is no Tab stop.
 */
function useScrollsSideways() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [scrolls, setScrolls] = useState(false);
  // The box comes and goes with the table (a failed load shows none): follow whichever is there.
  useEffect(() => {
    if (viewportRef.current !== viewport) setViewport(viewportRef.current);
  });
  useEffect(() => {
    if (!viewport) return;
    // Measured when the observer first reports, once the page is laid out: reading the widths
    // here, right after the table is drawn, would make the browser lay it out an extra time.
    const measure = () => setScrolls(viewport.scrollWidth > viewport.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    if (viewport.firstElementChild) observer.observe(viewport.firstElementChild);
    return () => observer.disconnect();
  }, [viewport]);
  return { viewportRef, scrolls };
}

/** A page of the records, back to the first page whenever the records change (a new search, a sort). */
function usePagedRecords<T>(records: T[], pageSize: number) {
  const [page, setPage] = useState(1);
  const [pagedRecords, setPagedRecords] = useState(records);
  if (pagedRecords !== records) {
    // Adjusting state while rendering (React's pattern for "reset when a prop changes").
    setPagedRecords(records);
    setPage(1);
  }
  const lastPage = Math.max(1, Math.ceil(records.length / pageSize));
  const shown = Math.min(page, lastPage);
  return { page: shown, setPage, pageRecords: records.slice((shown - 1) * pageSize, shown * pageSize) };
}

/** How many of the page's rows to draw now: `firstPaintRows` until the first rows are drawn, then all (undefined). */
function useFirstPaintRows(firstPaintRows: number | undefined, hasRecords: boolean): number | undefined {
  const [drawnAll, setDrawnAll] = useState(firstPaintRows === undefined);
  useEffect(() => {
    if (!drawnAll && hasRecords) startTransition(() => setDrawnAll(true));
  }, [drawnAll, hasRecords]);
  return drawnAll ? undefined : firstPaintRows;
}

/**
 * The bordered, striped DataTable of every list: keeps its height when empty, shows the query's
 * loading, tells a failed load (LoadError, with 'Reintentar') and a search without match from an
 * empty list, and pages lists
 * longer than a page itself (2,000 companies render as 50 rows). Every other DataTable prop
 * passes through; a table that pages on the server passes its own `page` and `totalRecords`.
 */
export function ListTable<T>({
  query,
  errorText,
  noRecordsText,
  emptyHeight = 150,
  actions,
  search,
  pageSize = 50,
  firstPaintRows,
  ...props
}: ListTableProps<T>) {
  const paged = usePagedRecords(props.records, pageSize);
  const drawnRows = useFirstPaintRows(firstPaintRows, props.records.length > 0);
  const sideways = useScrollsSideways();
  if (query?.isError && errorText) return <LoadError title={errorText} query={query} />;
  const pagesItself = !('page' in props) && props.records.length > pageSize;
  const { sortStatus, onSortStatusChange, ...rest } = props;
  // Sortable titles are drawn here (SortHeader), not by the table library: see SortHeader.
  const columns: DataTableColumn<T>[] | undefined = props.columns?.map((column) =>
    column.sortable && sortStatus && onSortStatusChange
      ? {
          ...column,
          sortable: false,
          title: (
            <SortHeader
              title={column.title ?? String(column.accessor)}
              direction={sortStatus.columnAccessor === column.accessor ? sortStatus.direction : null}
              onSort={() =>
                onSortStatusChange({
                  columnAccessor: column.accessor,
                  direction:
                    sortStatus.columnAccessor === column.accessor && sortStatus.direction === 'asc' ? 'desc' : 'asc',
                })
              }
            />
          ),
        }
      : column,
  );
  const pageRecords = pagesItself ? paged.pageRecords : props.records;
  const tableProps = {
    ...rest,
    records: drawnRows === undefined ? pageRecords : pageRecords.slice(0, drawnRows),
    ...(pagesItself
      ? {
          totalRecords: props.records.length,
          recordsPerPage: pageSize,
          page: paged.page,
          onPageChange: paged.setPage,
          paginationText,
          getPaginationControlProps: pagerControlProps,
          getPaginationItemProps: pagerItemProps,
        }
      : {}),
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
      noRecordsText={search?.trim() ? `Sin resultados para “${search.trim()}”` : noRecordsText}
      scrollViewportRef={sideways.viewportRef}
      scrollAreaProps={{ viewportProps: { tabIndex: sideways.scrolls ? 0 : undefined } }}
      {...tableProps}
    />
  );
}
