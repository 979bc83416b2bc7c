import { boardMsg } from '@app/shared/messages-board';
import type { Task } from '@app/shared/schemas/tasks';
import { IconUserCheck } from '@tabler/icons-react';
import { memo } from 'react';
import {
  BoardToolbar,
  OverdueFilter,
  ResponsibleFilter,
  ToolbarSelect,
} from '../../../components/board/board-filter-controls';
import type { ResponsibleChoice } from '../../../components/board/board-filter-rows';
import type { BoardFilterValues } from '../../../lib/board-filter-params';

/**
 * The task board's filters (issue 21), kept in the address: the companies' 'Encargado', the tasks'
 * 'Responsable' (only their columns) and 'Solo atrasadas'.
 */
export const TaskBoardFilters = memo(function TaskBoardFilters({
  tasks,
  values,
  ownId,
  staff,
  onFilter,
}: {
  tasks: readonly Task[];
  values: BoardFilterValues;
  ownId: number;
  staff: readonly ResponsibleChoice[] | undefined;
  onFilter: <Key extends keyof BoardFilterValues>(key: Key, value: BoardFilterValues[Key]) => void;
}) {
  const responsibles = new Map<number, string>();
  for (const { responsableCollaborator: person } of tasks) {
    responsibles.set(person.id, `${person.name} ${person.lastName}`.trim());
  }
  const shown = values.taskResponsible !== null && responsibles.has(values.taskResponsible);
  return (
    <BoardToolbar>
      <ResponsibleFilter
        value={values.responsible}
        ownId={ownId}
        staff={staff}
        onChange={(value) => onFilter('responsible', value)}
      />
      <ToolbarSelect
        label={boardMsg.taskResponsibleLabel}
        icon={<IconUserCheck size={16} aria-hidden />}
        w={190}
        data={[
          { value: '', label: boardMsg.allResponsibles },
          ...[...responsibles].map(([id, name]) => ({ value: String(id), label: name })),
        ]}
        value={shown ? String(values.taskResponsible) : ''}
        onChange={(value) => onFilter('taskResponsible', value ? Number(value) : null)}
        searchable
      />
      <OverdueFilter checked={values.onlyOverdue} onChange={(checked) => onFilter('onlyOverdue', checked)} />
    </BoardToolbar>
  );
});
