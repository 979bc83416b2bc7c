import { boardMsg } from '@app/shared/messages-board';
import { formatMoney } from '@app/shared/money';
import type { BoardCell, BoardService } from '@app/shared/schemas/monthly-states';
import { memo } from 'react';
import type { BoardCellProps } from '../../../components/board/business-board-table';
import { cellBadgeClasses } from '../../../components/board/cell-badge';
import { CellMenu } from '../../../components/board/cell-menu';
import { dueLook } from '../../../components/board/due-look';
import { dueMarkOf, dueText } from '../../../components/board/due-marks';
import { cellKey } from '../../../lib/board/cell-rules';
import { lastChangeText } from '../../../lib/dates';

type State = BoardService['states'][number];

/** A cell's board-level actions; stable, so that a row's cells only render again when the row changes. */
export interface CellActions {
  onChoose: (businessId: number, service: BoardService, state: State) => void;
  onHistory: (businessId: number, service: BoardService) => void;
}

/** What every cell of the month shares: its actions, each service's last state, the board's day. */
export interface MonthlyCellShared extends CellActions {
  /** Each service's last state: a cell at it is done, so its due date is not marked. */
  lastStates: ReadonlyMap<number, number>;
  /** The board's day in America/Santiago ('YYYY-MM-DD'), for the "due soon" mark. */
  today: string;
}

/**
 * A service cell of the board: 'N/A' where the service does not apply; otherwise a
 * badge in the state's colour with its name (or its value as money) opening the service's states
 * and the cell's history. While a change is saved the cell says so. A late cell carries an outline
 * and an alarm, one due within three days a softer outline and a clock; its due date is in its
 * tooltip and accessible name.
 */
export const StateCell = memo(function StateCell({
  cell,
  column: service,
  businessId,
  businessName,
  saving,
  active,
  onMenu,
  shared: { lastStates, today, onChoose, onHistory },
}: BoardCellProps<BoardService, BoardCell, MonthlyCellShared>) {
  if (!cell.applies) return <span className={cellBadgeClasses.notApplicable}>{boardMsg.notApplicable}</span>;

  const done = cell.stateId !== null && cell.stateId === lastStates.get(service.id);
  const state = service.states.find((candidate) => candidate.id === cell.stateId);
  const label = cell.value !== null ? formatMoney(cell.value) : (state?.name ?? boardMsg.noState);
  const mark = dueMarkOf({ dueDate: cell.dueDate, overdue: cell.overdue, done }, today);
  const due = dueText(cell.dueDate, mark, done);
  const changed = cell.lastChange ? lastChangeText(cell.lastChange) : null;
  return (
    <CellMenu
      menuKey={cellKey(businessId, service.id)}
      active={active}
      onMenu={onMenu}
      label={label}
      color={state?.color}
      {...dueLook(mark)}
      saving={saving}
      tooltip={[due, changed].filter(Boolean).join(' · ')}
      // The due text is in the accessible name: the description keeps only the last change, said once.
      aria-description={changed ?? undefined}
      aria-label={`${service.name} de ${businessName}: ${label}${due ? `, ${due}` : ''}${saving ? ` (${boardMsg.saving})` : ''}`}
      title={service.name}
      options={service.states}
      currentId={cell.stateId}
      onChoose={(option) => onChoose(businessId, service, option)}
      onHistory={() => onHistory(businessId, service)}
    />
  );
});
