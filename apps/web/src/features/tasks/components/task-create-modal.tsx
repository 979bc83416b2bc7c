import { tasksMsg } from '@app/shared/messages-tasks';
import { Modal, Stack } from '@mantine/core';
import { useCreateTask } from '../../../api/tasks/create-task';
import { FormButtons } from '../../../components/form-buttons';
import { showServerErrors } from '../../../lib/form-errors';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';
import { emptyTaskValues, TaskFormFields, toTaskPayload, useTaskForm } from './task-form';

/** '+ Nuevo' on the tasks list; the companies are chosen on the task's detail. */
export function TaskCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateTask();
  const form = useTaskForm();

  useResetOnOpen(form, opened, emptyTaskValues);

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => create.mutateAsync(toTaskPayload(values)), {
      onSaved: onClose,
      onError: (error) => showServerErrors(form, error, { message: tasksMsg.taskSaveFailed }),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={tasksMsg.newTask} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TaskFormFields form={form} autoFocus />
          <FormButtons onCancel={onClose} loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
