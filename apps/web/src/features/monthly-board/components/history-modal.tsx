import { formatMoney } from '@app/shared/money';
import type { BoardService, HistoryEntry } from '@app/shared/schemas/monthly-states';
import { useStateHistory } from '../../../api/monthly-states/get-state-history';
import { ChangeHistoryModal } from '../../../components/board/change-history-modal';
import type { HistoryModalProps } from '../../../components/board/use-cell-target';

/**
 * An entry's amount: the one it replaced and the new one ('$1.000.000 → $1.234.567', '$1.000.000 → —'),
 * or the amount alone when there was none before or it stayed.
 */
function amountChange(entry: Pick<HistoryEntry, 'fromValue' | 'value'>): string {
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value));
  if (entry.fromValue === null || entry.fromValue === entry.value)
    return entry.value === null ? '' : money(entry.value);
  return `${money(entry.fromValue)} → ${money(entry.value)}`;
}

/** A cell's history: every change of the company's service that month, newest first. */
export function HistoryModal({ period, target, opened, onClose }: HistoryModalProps<BoardService>) {
  const history = useStateHistory(
    opened && target ? { ...period, businessId: target.businessId, serviceId: target.column.id } : null,
  );
  return (
    <ChangeHistoryModal
      opened={opened}
      onClose={onClose}
      subtitle={target && `${target.businessName} · ${target.column.name}`}
      query={history}
      records={history.data ?? []}
      from={(entry) => entry.fromState}
      to={(entry) => entry.toState}
      value={amountChange}
      valueAlign="right"
    />
  );
}
