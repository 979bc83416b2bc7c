import { tasksMsg } from '@app/shared/messages-tasks';
import type { Task } from '@app/shared/schemas/tasks';
import { Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDeleteTask } from '../../../api/tasks/delete-task';
import { useTasks } from '../../../api/tasks/get-tasks';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { ListPage } from '../../../components/list-page';
import { RowActions } from '../../../components/row-actions';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { TaskCreateModal } from '../components/task-create-modal';

type TaskRow = Task & { responsibleName: string };

/** Tareas: the owner defines the tasks and who is responsible for each. */
export function TasksPage() {
  const tasks = useTasks();
  const deleteTask = useDeleteTask();
  const [createOpened, setCreateOpened] = useState(false);
  const rows = useMemo<TaskRow[]>(
    () =>
      (tasks.data ?? []).map((task) => ({
        ...task,
        responsibleName: `${task.responsableCollaborator.name} ${task.responsableCollaborator.lastName}`.trim(),
      })),
    [tasks.data],
  );

  const confirmDelete = (task: Task) =>
    openDeleteConfirm({
      title: tasksMsg.deleteTitle,
      children: <Text size="sm">{tasksMsg.deleteQuestion(task.name)}</Text>,
      onConfirm: () =>
        deleteTask.mutate(task.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: () => notifyError(tasksMsg.taskDeleteFailed),
        }),
    });

  return (
    <ListPage
      title={tasksMsg.tasksTitle}
      onCreate={() => setCreateOpened(true)}
      query={tasks}
      rows={rows}
      noRecordsText={tasksMsg.noTasks}
      errorText={tasksMsg.loadTasksFailed}
      columns={[
        { accessor: 'name', title: tasksMsg.name, sortable: true },
        { accessor: 'responsibleName', title: tasksMsg.responsible, sortable: true },
        {
          accessor: 'expirationDate',
          title: tasksMsg.expirationDay,
          sortable: true,
          textAlign: 'right',
          noWrap: true,
        },
      ]}
      actions={(task) => (
        <RowActions label={task.name} editTo={`/tareas/${task.id}`} onDelete={() => confirmDelete(task)} />
      )}
    >
      <TaskCreateModal opened={createOpened} onClose={() => setCreateOpened(false)} />
    </ListPage>
  );
}
