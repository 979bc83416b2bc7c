import { boardMsg } from '@app/shared/messages-board';
import { Select, Switch } from '@mantine/core';
import { type BoardFilterValues, NO_RESPONSIBLE } from '../../lib/board-filter-params';
import type { ResponsibleChoice } from './board-filter-rows';

const FILTER_WIDTH = 200;

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
    <Select
      label={boardMsg.responsibleLabel}
      w={FILTER_WIDTH}
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
      allowDeselect={false}
      searchable
    />
  );
}

/** 'Solo atrasadas': only the companies with a late cell. */
export function OverdueFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch
      label={boardMsg.onlyOverdue}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      style={{ alignSelf: 'center' }}
    />
  );
}
