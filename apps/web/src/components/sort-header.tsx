import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import classes from './sort-header.module.css';

export type SortDirection = 'asc' | 'desc';

/**
 * A sortable column's title: a button inside the header cell (the cell stays a column header) that
 * sorts by the column, and the cell's `aria-sort` saying how the list is sorted now. The table
 * library would make the whole cell a button without `aria-sort`, its arrows named in English.
 */
export function SortHeader({
  title,
  direction,
  onSort,
}: {
  title: ReactNode;
  /** How the list is sorted by this column; null when by another. */
  direction: SortDirection | null;
  onSort: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // The header cell is the table library's: its sort state is set on it from here.
  useLayoutEffect(() => {
    const cell = ref.current?.closest('th');
    if (!cell) return;
    if (direction) cell.setAttribute('aria-sort', direction === 'asc' ? 'ascending' : 'descending');
    else cell.removeAttribute('aria-sort');
  }, [direction]);
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconSelector;
  return (
    <UnstyledButton ref={ref} className={classes.button} onClick={onSort}>
      <span>{title}</span>
      <Icon size={14} aria-hidden className={direction ? undefined : classes.unsorted} />
    </UnstyledButton>
  );
}
