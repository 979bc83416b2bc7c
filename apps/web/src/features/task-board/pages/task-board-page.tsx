import { taskBoardMsg } from '@app/shared/messages-task-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import { PageHeader } from '../../../components/page-header';
import { TaskBoard } from '../components/task-board';

/** /seguimiento-tareas ('Seguimiento de tareas'): owners and collaborators. */
export function TaskBoardPage() {
  return (
    <>
      <PageHeader
        title={tasksMsg.trackingTitle}
        crumbs={[{ label: taskBoardMsg.home, to: '/' }, { label: tasksMsg.trackingTitle }]}
      />
      <TaskBoard />
    </>
  );
}
