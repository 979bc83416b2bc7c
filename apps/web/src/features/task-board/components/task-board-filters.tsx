import type { Task } from '@app/shared/schemas/tasks';
import { memo } from 'react';
import { BoardFilterRow, type BoardFilterRowProps } from '../../../components/board/board-filter-controls';

/**
 * The task board's filters, kept in the address: the companies' 'Encargado', the tasks'
 * 'Responsable' (only their columns) and 'Solo atrasadas'.
 */
export const TaskBoardFilters = memo(function TaskBoardFilters({
  tasks,
  ...row
}: BoardFilterRowProps & { tasks: readonly Task[] }) {
  const responsibles = new Map<number, string>();
  for (const { responsableCollaborator: person } of tasks) {
    responsibles.set(person.id, `${person.name} ${person.lastName}`.trim());
  }
  const options = [...responsibles].map(([id, name]) => ({ value: String(id), label: name }));
  return <BoardFilterRow {...row} options={{ taskResponsible: options }} />;
});
