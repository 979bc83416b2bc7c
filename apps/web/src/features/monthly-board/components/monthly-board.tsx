import { boardMsg } from '@app/shared/messages-board';
import type { BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { useCallback, useMemo } from 'react';
import { useBoardLookups } from '../../../api/businesses/use-board-lookups';
import { useExportMonthlyBoard } from '../../../api/monthly-states/export-monthly-board';
import { useMonthlyBoard } from '../../../api/monthly-states/get-monthly-board';
import { findCell } from '../../../api/monthly-states/monthly-board-cells';
import { monthlyCells, useUpdateMonthlyState } from '../../../api/monthly-states/update-monthly-state';
import { BoardScreen } from '../../../components/board/board-screen';
import { useBoardMonth, useBoardScreen } from '../../../components/board/use-board-screen';
import { useCellTarget, useColumnModal } from '../../../components/board/use-cell-target';
import { useBulkSelection } from '../hooks/use-bulk-selection';
import { useToReviewMark } from '../hooks/use-to-review-mark';
import { monthlyNarrow, overdueCounts } from '../utils/board-filters';
import { summaryCards } from '../utils/board-rows';
import { BoardTable } from './board-table';
import { BulkBar } from './bulk-bar';
import { CredentialsModal } from './credentials-modal';
import { HistoryModal } from './history-modal';
import { MonthlyFilters } from './monthly-filters';
import { SummaryCards } from './summary-cards';
import { ValueModal, type ValueTarget } from './value-modal';

type Business = BoardRow['business'];
type State = BoardService['states'][number];
const MONTHLY = {
  cells: monthlyCells,
  useBoard: useMonthlyBoard,
  useUpdate: useUpdateMonthlyState,
  useExport: useExportMonthlyBoard,
  businessOf: (row: BoardRow) => row.business,
  responsibleOf: (row: BoardRow) => row.business.responsibleUserId,
  names: { key: 'monthly', errorTitle: boardMsg.boardFailed },
  HistoryModal,
  rememberKey: 'monthly',
};
const NO_SERVICES: BoardService[] = [];
const valueTarget = (
  cell: Omit<ValueTarget, 'service' | 'state' | 'current'>,
  chosen: Pick<ValueTarget, 'service' | 'state' | 'current'>,
): ValueTarget => ({ ...cell, ...chosen });

/**
 * Home's monthly view: the summary cards, then the month's table of companies by
 * service with its search, group and month selectors, live for everyone who has it open. The
 * envelope column shows when the app layer hands in `onEmail` (the e-mail feature's modal). Its own
 * filters (owner, state, late cells, order) are kept in the address.
 */
export function MonthlyBoard({ onEmail }: { onEmail?: (business: Business) => void }) {
  const { staff, groups } = useBoardLookups();
  const month = useBoardMonth(MONTHLY, staff);
  const { period, board, values } = month;
  const services = board.data?.services ?? NO_SERVICES;
  const { stateId, onlyOverdue, sortServiceId } = values;
  const narrow = useMemo(
    () => monthlyNarrow(services, { stateId, onlyOverdue, sortServiceId }),
    [services, stateId, onlyOverdue, sortServiceId],
  );
  const extraFilters = <MonthlyFilters services={services} {...month.row} />;
  const screen = useBoardScreen(MONTHLY, month, { groups, narrow, extraFilters, exportFields: {} });
  const { save, shownBoard, businessNameOf, table } = screen;
  const value = useColumnModal(businessNameOf, valueTarget);
  const credentials = useCellTarget<Business>();
  const bulk = useBulkSelection(period, table.rows);
  const nameMark = useToReviewMark();

  // The cards count the companies of the chosen group and owner (all without them); the other filters only narrow the table.
  const summary = useMemo(() => summaryCards(services, screen.inGroup), [services, screen.inGroup]);
  const overdue = useMemo(() => overdueCounts(services, screen.inGroup), [services, screen.inGroup]);

  const openValue = value.open;
  const onChoose = useCallback(
    (businessId: number, service: BoardService, state: State) => {
      const cell = findCell(shownBoard(), businessId, service.id);
      if (state.hasValue) return openValue(businessId, { service, state, current: cell?.value ?? null });
      // Choosing the state already chosen changes nothing.
      if (cell?.stateId === state.id && cell.lastChange && cell.value === null) return;
      save({ businessId, serviceId: service.id, stateId: state.id, optionalValue: null });
    },
    [shownBoard, save, openValue],
  );
  const onEmailRow = useMemo(() => onEmail && ((row: BoardRow) => onEmail(row.business)), [onEmail]);
  const showCredentials = credentials.show;
  const onCredentials = useCallback((row: BoardRow) => showCredentials(row.business), [showCredentials]);
  const saveValue = (amount: number) => {
    const target = value.target;
    if (target) {
      save({
        businessId: target.businessId,
        serviceId: target.service.id,
        stateId: target.state.id,
        optionalValue: amount,
      });
    }
    value.close();
  };

  return (
    <BoardScreen
      cards={<SummaryCards cards={summary} overdue={overdue} />}
      frame={screen.frame}
      modals={
        <>
          <ValueModal {...value.modal} onSave={saveValue} />
          <CredentialsModal
            business={credentials.target}
            opened={credentials.modal.opened}
            onClose={credentials.close}
          />
        </>
      }
    >
      {bulk.selectedShown.length > 0 && (
        <BulkBar
          count={bulk.selectedShown.length}
          services={services}
          pending={bulk.pending}
          onApply={bulk.apply}
          onCancel={bulk.clear}
        />
      )}
      <BoardTable
        {...table}
        selection={bulk.selection}
        services={services}
        nameMark={nameMark}
        today={month.today}
        onChoose={onChoose}
        onHistory={screen.onHistory}
        onCredentials={onCredentials}
        onEmail={onEmailRow}
      />
    </BoardScreen>
  );
}
