import { boardMsg } from '@app/shared/messages-board';
import { Group, Select, type SelectProps, Switch } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ResponsibleChoice } from '../../lib/board/board-filter-rows';
import { type BoardFilterValues, NO_RESPONSIBLE } from '../../lib/board-filter-params';

/**
 * A select of the board's toolbar: compact, named by `label` (read by screen readers and shown as
 * its tooltip) with an icon before its value instead of a label above it.
 */
export function ToolbarSelect({
  label,
  icon,
  ...props
}: Omit<SelectProps, 'label' | 'aria-label'> & { label: string; icon: ReactNode }) {
  return (
    <Select
      aria-label={label}
      title={label}
      leftSection={icon}
      allowDeselect={false}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
      {...props}
    />
  );
}

/** The board's own filters beside its title: they wrap under it on a narrow window. */
export function BoardToolbar({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {children}
    </Group>
  );
}

/**
 * 'Encargado': 'Todos', 'Mis empresas' (the user's own id), 'Sin encargado' and each other staff
 * member, as the Empresas list offers them.
 */
export function ResponsibleFilter({
  value,
  ownId,
  staff,
  onChange,
}: {
  value: BoardFilterValues['responsible'];
  ownId: number;
  staff: readonly ResponsibleChoice[] | undefined;
  onChange: (value: BoardFilterValues['responsible']) => void;
}) {
  return (
    <ToolbarSelect
      label={boardMsg.responsibleLabel}
      icon={<IconUser size={16} aria-hidden />}
      w={170}
      data={[
        { value: '', label: boardMsg.allCompanies },
        { value: String(ownId), label: boardMsg.myCompanies },
        { value: NO_RESPONSIBLE, label: boardMsg.noResponsible },
        ...(staff ?? [])
          .filter((member) => member.id !== ownId)
          .map((member) => ({ value: String(member.id), label: member.name })),
      ]}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(!next ? null : next === NO_RESPONSIBLE ? NO_RESPONSIBLE : Number(next))}
      searchable
    />
  );
}

/** What every board's filter row takes: the filters in the address, who is looking, the staff to offer. */
export interface BoardFilterRowProps {
  values: BoardFilterValues;
  ownId: number;
  staff: readonly ResponsibleChoice[] | undefined;
  onFilter: <Key extends keyof BoardFilterValues>(key: Key, value: BoardFilterValues[Key]) => void;
}

/** A board's own filters beside its title: 'Encargado' first, the board's own selects, 'Solo atrasadas' last. */
export function BoardFilterRow({
  values,
  ownId,
  staff,
  onFilter,
  children,
}: BoardFilterRowProps & { children: ReactNode }) {
  return (
    <BoardToolbar>
      <ResponsibleFilter
        value={values.responsible}
        ownId={ownId}
        staff={staff}
        onChange={(value) => onFilter('responsible', value)}
      />
      {children}
      <OverdueFilter checked={values.onlyOverdue} onChange={(checked) => onFilter('onlyOverdue', checked)} />
    </BoardToolbar>
  );
}

/** 'Solo atrasadas': only the companies with a late cell. */
export function OverdueFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch
      label={boardMsg.onlyOverdue}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
