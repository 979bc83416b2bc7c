import { boardMsg } from '@app/shared/messages-board';
import { type ComboboxItem, type ComboboxItemGroup, Group, Select, type SelectProps, Switch } from '@mantine/core';
import { IconArrowsSort, IconFilter, IconUser, IconUserCheck } from '@tabler/icons-react';
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

/**
 * A toolbar select of one id (a state, a service, a person): `allLabel` first for none, then the
 * board's `options`. An id the options do not hold (a link from another month, a deleted record)
 * shows as none, as the board then filters nothing by it.
 */
function IdFilter({
  value,
  onChange,
  allLabel,
  options,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'data' | 'label'> & {
  label: string;
  icon: ReactNode;
  value: number | null;
  onChange: (value: number | null) => void;
  allLabel: string;
  options: readonly (ComboboxItem | ComboboxItemGroup<ComboboxItem>)[];
}) {
  const wanted = value === null ? '' : String(value);
  const offered = options.some((option) =>
    'items' in option ? option.items.some((item) => item.value === wanted) : option.value === wanted,
  );
  return (
    <ToolbarSelect
      {...props}
      data={[{ value: '', label: allLabel }, ...options]}
      value={offered ? wanted : ''}
      onChange={(next) => onChange(next ? Number(next) : null)}
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

/** The boards' filters of one id, in the order they show: each one's name, icon, width and 'all' option. */
const ID_FILTERS = {
  stateId: {
    label: boardMsg.stateFilterLabel,
    Icon: IconFilter,
    w: 200,
    allLabel: boardMsg.anyState,
    searchable: true,
  },
  sortServiceId: { label: boardMsg.sortLabel, Icon: IconArrowsSort, w: 170, allLabel: boardMsg.sortByName },
  taskResponsible: {
    label: boardMsg.taskResponsibleLabel,
    Icon: IconUserCheck,
    w: 190,
    allLabel: boardMsg.allResponsibles,
    searchable: true,
  },
} as const;

export type IdFilterKey = keyof typeof ID_FILTERS;
/** The choices of each id filter a board shows (a board shows those it gives choices for). */
export type IdFilterOptions = Partial<Record<IdFilterKey, readonly (ComboboxItem | ComboboxItemGroup<ComboboxItem>)[]>>;

/**
 * A board's own filters beside its title: 'Encargado' first, the id filters the board gives
 * `options` for ('Estado', 'Ordenar por', 'Responsable'), 'Solo atrasadas' last.
 */
export function BoardFilterRow({
  values,
  ownId,
  staff,
  onFilter,
  options,
}: BoardFilterRowProps & { options: IdFilterOptions }) {
  return (
    <BoardToolbar>
      <ResponsibleFilter
        value={values.responsible}
        ownId={ownId}
        staff={staff}
        onChange={(value) => onFilter('responsible', value)}
      />
      {(Object.keys(ID_FILTERS) as IdFilterKey[]).map((key) => {
        const offered = options[key];
        if (!offered) return null;
        const { Icon, ...look } = ID_FILTERS[key];
        return (
          <IdFilter
            key={key}
            {...look}
            icon={<Icon size={16} aria-hidden />}
            options={offered}
            value={values[key]}
            onChange={(value) => onFilter(key, value)}
          />
        );
      })}
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
