import { boardMsg } from '@app/shared/messages-board';
import { ColorSwatch, Menu } from '@mantine/core';
import { IconCheck, IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CellBadgeButton, type CellBadgeButtonProps, useRefocusOnToggle } from './cell-badge';

/** One choice of a cell's menu: a state with its colour. */
export interface CellOption {
  id: string | number;
  name: string;
  color: string | undefined;
}

interface CellMenuProps<Option extends CellOption>
  extends Omit<CellBadgeButtonProps, 'onClick' | 'aria-expanded' | 'onChange'> {
  /** cellKey(businessId, columnId): what onMenu opens. */
  menuKey: string;
  /** Its menu is open: only then is a Mantine Menu mounted (a board shows hundreds of cells). */
  active: boolean;
  /** Opens (or, with null, closes) a cell's menu. */
  onMenu: (cellKey: string | null) => void;
  /** The menu's heading (the column's name). */
  title: string;
  options: readonly Option[];
  currentId: Option['id'] | null;
  onChoose: (option: Option) => void;
  /** Items between the options and 'Historial' (e.g. 'Valor'). */
  extraItems?: ReactNode;
  onHistory: () => void;
}

/**
 * A board cell a user may change: its badge as a button that opens the column's states (the
 * current one ticked), the board's own items and the cell's history.
 */
export function CellMenu<Option extends CellOption>({
  menuKey,
  active,
  onMenu,
  title,
  options,
  currentId,
  onChoose,
  extraItems,
  onHistory,
  ...badge
}: CellMenuProps<Option>) {
  const buttonRef = useRefocusOnToggle(active);
  const button = (
    <CellBadgeButton
      ref={buttonRef}
      {...badge}
      aria-expanded={active}
      onClick={active ? undefined : () => onMenu(menuKey)}
    />
  );
  if (!active) return button;

  return (
    <Menu opened onChange={(opened) => !opened && onMenu(null)} position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{title}</Menu.Label>
        {options.map((option) => (
          <Menu.Item
            key={option.id}
            leftSection={<ColorSwatch color={option.color ?? ''} size={12} withShadow={false} aria-hidden />}
            rightSection={option.id === currentId ? <IconCheck size={14} aria-label={boardMsg.current} /> : null}
            onClick={() => onChoose(option)}
          >
            {option.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {extraItems}
        <Menu.Item leftSection={<IconHistory size={14} aria-hidden />} onClick={onHistory}>
          {boardMsg.history}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
