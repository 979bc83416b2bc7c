import type { Period } from '@app/shared/period';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useLatest } from '../../lib/use-latest';

/** What a modal about one cell takes (see useCellTarget's `modal`). */
export interface CellModalProps<Target> {
  opened: boolean;
  target: Target | null;
  onClose: () => void;
}

/**
 * A modal about one cell (its value, its history): what it is about, and whether it shows. The
 * target stays set while the modal closes, so its text does not vanish during the transition.
 */
export function useCellTarget<Target>() {
  const [target, setTarget] = useState<Target | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  const show = useCallback(
    (next: Target) => {
      setTarget(next);
      open();
    },
    [open],
  );
  /** What its modal takes: whether it shows, what about, and how it closes. */
  const modal: CellModalProps<Target> = { opened, target, onClose: close };
  return { target, show, close, modal };
}

/** The cell a modal is about: its company. */
export interface CellTarget {
  businessId: number;
  businessName: string;
}

/** A cell of one column (a service, a task) of a company: what a cell's history is about. */
export interface ColumnTarget<Column> extends CellTarget {
  column: Column;
}

/** A board's history modal: the shown month's changes of one cell. */
export type HistoryModalProps<Column> = CellModalProps<ColumnTarget<Column>> & { period: Period };

/**
 * A modal about one column's cell of a company (its history): `open(businessId, column)` is
 * stable, names the company from the shown board (`businessNameOf`) and shows `targetOf` of them.
 */
export function useColumnModal<Column, Target>(
  businessNameOf: (businessId: number) => string,
  targetOf: (cell: CellTarget, column: Column) => Target,
) {
  const { show, ...modal } = useCellTarget<Target>();
  const latest = useLatest({ businessNameOf, targetOf, show });
  const open = useCallback(
    (businessId: number, column: Column) => {
      const current = latest.current;
      current.show(current.targetOf({ businessId, businessName: current.businessNameOf(businessId) }, column));
    },
    [latest],
  );
  return { ...modal, show, open };
}
