import { boardMsg } from '@app/shared/messages-board';
import { formatMoney } from '@app/shared/money';
import type { BoardCell, BoardService } from '@app/shared/schemas/monthly-states';
import { ColorSwatch, Menu } from '@mantine/core';
import { IconCheck, IconHistory } from '@tabler/icons-react';
import { memo } from 'react';
import { CellBadgeButton, cellBadgeClasses, useRefocusOnToggle } from '../../../components/board/cell-badge';
import { lastChangeText } from '../../../lib/date-time';

type State = BoardService['states'][number];

/** A cell's board-level actions; stable, so that a row's cells only render again when the row changes. */
export interface CellActions {
  /** Opens (or, with null, closes) a cell's menu of states. */
  onMenu: (cellKey: string | null) => void;
  onChoose: (businessId: number, service: BoardService, state: State) => void;
  onHistory: (businessId: number, service: BoardService) => void;
}

export interface StateCellProps extends CellActions {
  cell: BoardCell;
  service: BoardService;
  businessId: number;
  businessName: string;
  saving: boolean;
  /** Its menu is open: only then is a Mantine Menu mounted (a board shows hundreds of cells). */
  active: boolean;
}

export const cellKey = (businessId: number, serviceId: number) => `${businessId}:${serviceId}`;

/**
 * A service cell of the board (spec 1 §2.5): 'N/A' where the service does not apply; otherwise a
 * badge in the state's colour with its name (or its value as money) opening the service's states
 * and the cell's history. While a change is saved the cell says so.
 */
export const StateCell = memo(function StateCell({
  cell,
  service,
  businessId,
  businessName,
  saving,
  active,
  onMenu,
  onChoose,
  onHistory,
}: StateCellProps) {
  const buttonRef = useRefocusOnToggle(active);

  if (!cell.applies) return <span className={cellBadgeClasses.notApplicable}>{boardMsg.notApplicable}</span>;

  const state = service.states.find((candidate) => candidate.id === cell.stateId);
  const label = cell.value !== null ? formatMoney(cell.value) : (state?.name ?? boardMsg.noState);
  const key = cellKey(businessId, service.id);
  const button = (
    <CellBadgeButton
      ref={buttonRef}
      label={label}
      color={state?.color}
      saving={saving}
      tooltip={cell.lastChange ? lastChangeText(cell.lastChange) : ''}
      aria-label={`${service.name} de ${businessName}: ${label}${saving ? ` (${boardMsg.saving})` : ''}`}
      aria-expanded={active}
      onClick={active ? undefined : () => onMenu(key)}
    />
  );
  if (!active) return button;

  return (
    <Menu opened onChange={(opened) => !opened && onMenu(null)} position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{service.name}</Menu.Label>
        {service.states.map((option) => (
          <Menu.Item
            key={option.id}
            leftSection={<ColorSwatch color={option.color} size={12} withShadow={false} aria-hidden />}
            rightSection={option.id === cell.stateId ? <IconCheck size={14} aria-label={boardMsg.current} /> : null}
            onClick={() => onChoose(businessId, service, option)}
          >
            {option.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconHistory size={14} aria-hidden />} onClick={() => onHistory(businessId, service)}>
          {boardMsg.history}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
});
