import { boardMsg } from '@app/shared/messages-board';
import type { Task } from '@app/shared/schemas/tasks';
import { IconUserCheck } from '@tabler/icons-react';
import { memo } from 'react';
import {
  BoardFilterRow,
  type BoardFilterRowProps,
  ToolbarSelect,
} from '../../../components/board/board-filter-controls';

/**
 * The task board's filters, kept in the address: the companies' 'Encargado', the tasks'
 * 'Responsable' (only their columns) and 'Solo atrasadas'.
 */
export const TaskBoardFilters = memo(function TaskBoardFilters({
  tasks,
  ...row
}: BoardFilterRowProps & { tasks: readonly Task[] }) {
  const { values, onFilter } = row;
  const responsibles = new Map<number, string>();
  for (const { responsableCollaborator: person } of tasks) {
    responsibles.set(person.id, `${person.name} ${person.lastName}`.trim());
  }
  const shown = values.taskResponsible !== null && responsibles.has(values.taskResponsible);
  return (
    <BoardFilterRow {...row}>
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
    </BoardFilterRow>
  );
});
