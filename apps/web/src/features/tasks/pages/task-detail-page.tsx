import { tasksMsg } from '@app/shared/messages-tasks';
import { useParams } from 'react-router';
import { useTask } from '../../../api/tasks/get-task';
import { useUpdateTask } from '../../../api/tasks/update-task';
import { DetailPage } from '../../../components/detail-page';
import { FormCard } from '../../../components/form-card';
import { useFormFromRecord } from '../../../components/use-form-from-record';
import { showServerErrors } from '../../../lib/form-errors';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { TaskBusinessesSection } from '../components/task-businesses-section';
import { TaskFormFields, taskToFormValues, toTaskPayload, useTaskForm } from '../components/task-form';

/** TaskDetail: the task form, and the companies the task applies to. */
export function TaskDetailPage() {
  const taskId = Number(useParams().taskId);
  const task = useTask(taskId);
  const update = useUpdateTask();
  const form = useTaskForm();
  useFormFromRecord(form, task.data, taskToFormValues);

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => update.mutateAsync({ ...toTaskPayload(values), id: taskId }), {
      onSaved: (result) => {
        form.setValues(taskToFormValues(result.task));
        form.resetDirty();
      },
      onError: (error) => showServerErrors(form, error, { message: tasksMsg.taskSaveFailed }),
    }),
  );

  return (
    <DetailPage
      query={task}
      list={{ label: tasksMsg.tasksTitle, to: '/tareas' }}
      fallbackTitle={tasksMsg.editTask}
      errorTitle={tasksMsg.loadTaskFailed}
    >
      {(loaded) => (
        <>
          <FormCard
            id="datos-tarea"
            title={tasksMsg.taskData}
            titleSize="h4"
            onSubmit={submit}
            saving={update.isPending}
          >
            <TaskFormFields form={form} responsible={loaded.responsableCollaborator} />
          </FormCard>
          <TaskBusinessesSection task={loaded} />
        </>
      )}
    </DetailPage>
  );
}
