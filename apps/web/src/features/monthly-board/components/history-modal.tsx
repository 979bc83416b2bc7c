import { formatMoney } from '@app/shared/money';
import type { Period } from '@app/shared/period';
import type { BoardService } from '@app/shared/schemas/monthly-states';
import { useStateHistory } from '../../../api/monthly-states/get-state-history';
import { ChangeHistoryModal } from '../../../components/board/change-history-modal';
import type { CellModalProps } from '../../../components/board/use-cell-target';

export interface HistoryTarget {
  businessId: number;
  businessName: string;
  service: BoardService;
}

/** A cell's history (issue 8): every change of the company's service that month, newest first. */
export function HistoryModal({ period, target, opened, onClose }: CellModalProps<HistoryTarget> & { period: Period }) {
  const history = useStateHistory(
    opened && target ? { ...period, businessId: target.businessId, serviceId: target.service.id } : null,
  );
  return (
    <ChangeHistoryModal
      opened={opened}
      onClose={onClose}
      subtitle={target && `${target.businessName} · ${target.service.name}`}
      query={history}
      records={history.data ?? []}
      from={(entry) => entry.fromState}
      to={(entry) => entry.toState}
      value={(entry) => (entry.value === null ? '' : formatMoney(entry.value))}
      valueAlign="right"
    />
  );
}
