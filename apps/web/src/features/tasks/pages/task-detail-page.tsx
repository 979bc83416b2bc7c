import { tasksMsg } from '@app/shared/messages-tasks';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useTask } from '../../../api/tasks/get-task';
import { useUpdateTask } from '../../../api/tasks/update-task';
import { PageFallback } from '../../../components/page-fallback';
import { PageHeader } from '../../../components/page-header';
import { showServerErrors } from '../../../lib/form-errors';
import { submitAndNotify } from '../../../lib/submit-and-notify';
import { TaskBusinessesSection } from '../components/task-businesses-section';
import { TaskFormFields, taskToFormValues, toTaskPayload, useTaskForm } from '../components/task-form';

/** TaskDetail (spec 2 "Task detail"): the task form, and the companies the task applies to. */
export function TaskDetailPage() {
  const taskId = Number(useParams().taskId);
  const task = useTask(taskId);
  const update = useUpdateTask();
  const form = useTaskForm();
  const loaded = task.data;

  // Fill the form once per task; refetches after the companies change must not wipe edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another task loads
  useEffect(() => {
    if (!loaded) return;
    form.setValues(taskToFormValues(loaded));
    form.resetDirty();
  }, [loaded?.id]);

  const submit = form.onSubmit((values) =>
    submitAndNotify(form, () => update.mutateAsync({ ...toTaskPayload(values), id: taskId }), {
      onSaved: (result) => {
        form.setValues(taskToFormValues(result.task));
        form.resetDirty();
      },
      onError: (error) => showServerErrors(form, error, { message: tasksMsg.taskSaveFailed }),
    }),
  );

  const crumbs = [
    { label: 'Inicio', to: '/' },
    { label: tasksMsg.tasksTitle, to: '/tareas' },
    { label: loaded?.name ?? '…' },
  ];

  if (!loaded) {
    return (
      <PageFallback
        title={tasksMsg.editTask}
        crumbs={crumbs}
        query={task}
        errorTitle={tasksMsg.loadTaskFailed}
        back={{ to: '/tareas', label: `Volver a ${tasksMsg.tasksTitle}` }}
      />
    );
  }

  return (
    <>
      <PageHeader title={loaded.name} crumbs={crumbs} />
      <Stack gap="xl">
        <Card withBorder component="section" aria-labelledby="datos-tarea">
          <Title order={3} size="h4" id="datos-tarea" mb="sm">
            {tasksMsg.taskData}
          </Title>
          <form onSubmit={submit} noValidate>
            <Stack>
              <TaskFormFields form={form} responsible={loaded.responsableCollaborator} />
              <Group justify="flex-end">
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={update.isPending}>
                  Guardar
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
        <TaskBusinessesSection task={loaded} />
      </Stack>
    </>
  );
}
