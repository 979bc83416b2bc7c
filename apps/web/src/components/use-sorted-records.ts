import { compareNames } from '@app/shared/collator';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareNames(String(a ?? ''), String(b ?? ''));
}

/** Client-side sorting for a DataTable: Spanish collation, numbers as numbers. */
export function useSortedRecords<T>(records: T[], initial: DataTableSortStatus<T>) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>(initial);
  const sorted = useMemo(() => {
    const key = sortStatus.columnAccessor as keyof T;
    const factor = sortStatus.direction === 'asc' ? 1 : -1;
    return [...records].sort((a, b) => factor * compare(a[key], b[key]));
  }, [records, sortStatus]);
  return { records: sorted, sortStatus, setSortStatus };
}
