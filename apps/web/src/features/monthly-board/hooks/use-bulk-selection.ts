import type { Period } from '@app/shared/period';
import type { BoardRow } from '@app/shared/schemas/monthly-states';
import { useCallback, useMemo, useState } from 'react';
import { useBulkUpdateMonthlyStates } from '../../../api/monthly-states/bulk-update';
import type { RowSelection } from '../../../components/board/business-board-table';
import { useLatest } from '../../../lib/use-latest';
import type { BulkChoice } from '../components/bulk-bar';
import { toggleOne, toggleShown } from '../utils/selection';

const NONE_SELECTED: ReadonlySet<number> = new Set();

/**
 * The bulk change's selection: one Set of company ids, kept while scrolling and filtering, cleared
 * on a month change and once a bulk change is saved. Only what the filters show is counted and
 * changed: a selected company a later filter hides is left alone.
 */
export function useBulkSelection(period: Period, shownRows: readonly BoardRow[]) {
  const [selected, setSelected] = useState(NONE_SELECTED);
  const monthKey = `${period.year}-${period.month}`;
  const [selectedMonth, setSelectedMonth] = useState(monthKey);
  if (selectedMonth !== monthKey) {
    setSelectedMonth(monthKey);
    setSelected(NONE_SELECTED);
  }
  const shown = useLatest(shownRows);
  // Stable toggles: a click renders again only the rows whose checkbox changed.
  const onToggle = useCallback((businessId: number) => setSelected((current) => toggleOne(current, businessId)), []);
  const onToggleShown = useCallback(
    () =>
      setSelected((current) =>
        toggleShown(
          current,
          shown.current.map((row) => row.business.id),
        ),
      ),
    [shown],
  );
  const selection = useMemo<RowSelection>(
    () => ({ selected, onToggle, onToggleShown }),
    [selected, onToggle, onToggleShown],
  );
  const bulk = useBulkUpdateMonthlyStates();
  const clear = useCallback(() => setSelected(NONE_SELECTED), []);
  const selectedShown = useMemo(
    () => shownRows.filter((row) => selected.has(row.business.id)).map((row) => row.business.id),
    [shownRows, selected],
  );
  const apply = (choice: BulkChoice) =>
    bulk.mutate({ ...period, ...choice, businessIds: selectedShown }, { onSuccess: clear });
  return { selection, selectedShown, apply, clear, pending: bulk.isPending };
}
