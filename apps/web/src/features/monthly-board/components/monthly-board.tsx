import { boardMsg } from '@app/shared/messages-board';
import type { BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { useCallback, useMemo, useState } from 'react';
import { useResponsibleOptions } from '../../../api/businesses/get-responsible-options';
import { useGroups } from '../../../api/groups/get-groups';
import { useBulkUpdateMonthlyStates } from '../../../api/monthly-states/bulk-update';
import { useExportMonthlyBoard } from '../../../api/monthly-states/export-monthly-board';
import { useMonthlyBoard } from '../../../api/monthly-states/get-monthly-board';
import { findCell } from '../../../api/monthly-states/monthly-board-cells';
import { monthlyCells, useUpdateMonthlyState } from '../../../api/monthly-states/update-monthly-state';
import { toReviewByBusiness, useToReview } from '../../../api/requests/get-to-review';
import { BoardScreen, type BoardScreenNames } from '../../../components/board/board-screen';
import type { NameMark, RowSelection } from '../../../components/board/company-board-table';
import { useBoardFilters, useOwnerOf } from '../../../components/board/use-board-filters';
import { useBoardScreen } from '../../../components/board/use-board-screen';
import { useCellTarget } from '../../../components/board/use-cell-target';
import { ExportButton } from '../../../components/export-button';
import { useBoardPeriod } from '../../../lib/period-params';
import { boardToday, useSantiagoToday } from '../../../lib/santiago-today';
import { useLatest } from '../../../lib/use-latest';
import { monthlyNarrow, overdueCounts } from '../utils/board-filters';
import { summaryCards } from '../utils/board-rows';
import { toggleOne, toggleShown } from '../utils/selection';
import { BoardTable } from './board-table';
import { BulkBar, type BulkChoice } from './bulk-bar';
import { CredentialsModal } from './credentials-modal';
import { HistoryModal, type HistoryTarget } from './history-modal';
import { MonthlyFilters } from './monthly-filters';
import { SummaryCards } from './summary-cards';
import { ToReviewMark } from './to-review-mark';
import { ValueModal, type ValueTarget } from './value-modal';

type Business = BoardRow['business'];
const rowsOf = (board: { rows: BoardRow[] }) => board.rows;
const companyOf = (row: BoardRow) => row.business;
const responsibleOf = (row: BoardRow) => row.business.responsibleUserId;
const NO_SERVICES: BoardService[] = [];
const NONE_SELECTED: ReadonlySet<number> = new Set();
const MONTHLY = { cells: monthlyCells, rowsOf, companyOf, responsibleOf };
const NAMES: BoardScreenNames = {
  cardsOf: 'monthly',
  cardsId: 'board-summary-cards',
  titleId: 'board-title',
  errorTitle: boardMsg.boardFailed,
};

/**
 * Home's monthly view (spec 1 §2.5): the summary cards, then the month's table of companies by
 * service with its search, group and month selectors, live for everyone who has it open. The
 * envelope column shows when the app layer hands in `onEmail` (the e-mail feature's modal). Its own
 * filters (owner, state, late cells, order) are kept in the address (issue 21).
 */
export function MonthlyBoard({ onEmail }: { onEmail?: (business: Business) => void }) {
  const [period, setPeriod] = useBoardPeriod();
  // Past midnight on a board left open, the marks move on and the board is fetched again.
  const santiagoToday = useSantiagoToday();
  const board = useMonthlyBoard(period);
  const update = useUpdateMonthlyState();
  const staff = useResponsibleOptions().data;
  const groups = useGroups().data;
  const { values, row } = useBoardFilters(staff, 'monthly');
  const services = board.data?.services ?? NO_SERVICES;
  const ownerOf = useOwnerOf(staff, responsibleOf);
  const { stateId, onlyOverdue, sortServiceId } = values;
  const narrow = useMemo(
    () => monthlyNarrow(services, { stateId, onlyOverdue, sortServiceId }),
    [services, stateId, onlyOverdue, sortServiceId],
  );
  const screen = useBoardScreen(
    MONTHLY,
    { period, setPeriod, board, update },
    { responsible: values.responsible, groups, narrow, extraFilters: <MonthlyFilters services={services} {...row} /> },
  );
  const { save, shownBoard, companyName } = screen;
  const value = useCellTarget<ValueTarget>();
  const history = useCellTarget<HistoryTarget>();
  const credentials = useCellTarget<Business>();
  const exporter = useExportMonthlyBoard();
  const shownRows = screen.table.rows;

  // The bulk change (issue 23): one Set of company ids, kept while scrolling and filtering, cleared on a month change.
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
  const clearSelection = useCallback(() => setSelected(NONE_SELECTED), []);
  // Only what the filters show is counted and changed: a selected company a later filter hides is left alone.
  const selectedShown = useMemo(
    () => shownRows.filter((row) => selected.has(row.business.id)).map((row) => row.business.id),
    [shownRows, selected],
  );
  const applyBulk = (choice: BulkChoice) =>
    bulk.mutate({ ...period, ...choice, businessIds: selectedShown }, { onSuccess: clearSelection });

  // One request for every row: a row looks its company up in the map (issue 22).
  const toReview = useToReview();
  const reviewCounts = useMemo(() => toReviewByBusiness(toReview.data), [toReview.data]);
  const nameMark = useMemo<NameMark<BoardRow>>(
    () => ({
      countOf: (row) => reviewCounts.get(row.business.id)?.count ?? 0,
      render: (row, count) => {
        const waiting = reviewCounts.get(row.business.id);
        const earliest = waiting ? { year: waiting.year, month: waiting.month } : undefined;
        return earliest && <ToReviewMark businessId={row.business.id} count={count} period={earliest} />;
      },
    }),
    [reviewCounts],
  );

  // The cards count the companies of the chosen group and owner (all without them); the other filters only narrow the table.
  const summary = useMemo(() => summaryCards(services, screen.inGroup), [services, screen.inGroup]);
  const overdue = useMemo(() => overdueCounts(services, screen.inGroup), [services, screen.inGroup]);

  const showValue = value.show;
  const onChoose = useCallback(
    (businessId: number, service: BoardService, state: BoardService['states'][number]) => {
      const cell = findCell(shownBoard(), businessId, service.id);
      if (state.hasValue) {
        showValue({ businessId, businessName: companyName(businessId), service, state, current: cell?.value ?? null });
        return;
      }
      // Choosing the state already chosen changes nothing.
      if (cell?.stateId === state.id && cell.lastChange && cell.value === null) return;
      save({ businessId, serviceId: service.id, stateId: state.id, optionalValue: null });
    },
    [shownBoard, companyName, save, showValue],
  );
  const showHistory = history.show;
  const onHistory = useCallback(
    (businessId: number, service: BoardService) =>
      showHistory({ businessId, businessName: companyName(businessId), service }),
    [companyName, showHistory],
  );
  const onEmailRow = useMemo(() => onEmail && ((row: BoardRow) => onEmail(row.business)), [onEmail]);
  const showCredentials = credentials.show;
  const onCredentials = useCallback((row: BoardRow) => showCredentials(row.business), [showCredentials]);

  return (
    <BoardScreen
      {...NAMES}
      cards={<SummaryCards cards={summary} overdue={overdue} />}
      filters={screen.filters}
      toolbar={screen.toolbar}
      actions={
        <ExportButton
          iconOnly
          pending={exporter.isPending}
          disabled={shownRows.length === 0}
          onExport={() => exporter.mutateAsync({ period, businessIds: shownRows.map((row) => row.business.id) })}
        />
      }
      query={board}
      modals={
        <>
          <ValueModal
            {...value.modal}
            onSave={(amount) => {
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
            }}
          />
          <HistoryModal period={period} {...history.modal} />
          <CredentialsModal
            business={credentials.target}
            opened={credentials.modal.opened}
            onClose={credentials.close}
          />
        </>
      }
    >
      {selectedShown.length > 0 && (
        <BulkBar
          count={selectedShown.length}
          services={services}
          pending={bulk.isPending}
          onApply={applyBulk}
          onCancel={clearSelection}
        />
      )}
      <BoardTable
        {...screen.table}
        selection={selection}
        services={services}
        ownerOf={ownerOf}
        nameMark={nameMark}
        today={boardToday(board.data?.today, santiagoToday)}
        onChoose={onChoose}
        onHistory={onHistory}
        onCredentials={onCredentials}
        onEmail={onEmailRow}
      />
    </BoardScreen>
  );
}
