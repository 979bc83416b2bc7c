import { compareNames } from '@app/shared/collator';
import { tasksMsg } from '@app/shared/messages-tasks';
import { isStaff } from '@app/shared/permissions';
import { type Task, type TaskResponsable, TaskWriteSchema } from '@app/shared/schemas/tasks';
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useUsers } from '../../../api/users/get-users';

/**
 * The form keeps the responsible as the select's text value (null when none is chosen) and the day
 * as '' while empty, so the shared schema can say 'Campo requerido'.
 */
export interface TaskFormValues {
  name: string;
  responsableCollaborator: string | null;
  expirationDate: number | string;
  showInSummary: boolean;
}

export const emptyTaskValues: TaskFormValues = {
  name: '',
  responsableCollaborator: null,
  expirationDate: '',
  showInSummary: false,
};

export const taskToFormValues = (task: Task): TaskFormValues => ({
  name: task.name,
  responsableCollaborator: String(task.responsableCollaborator.id),
  expirationDate: task.expirationDate,
  showInSummary: task.showInSummary,
});

/** What the API takes, before validation: an empty field stays missing. */
const toBody = (values: TaskFormValues) => ({
  name: values.name,
  responsableCollaborator: values.responsableCollaborator ? Number(values.responsableCollaborator) : null,
  expirationDate: values.expirationDate === '' ? undefined : Number(values.expirationDate),
  showInSummary: values.showInSummary,
});

/** The body of POST and PUT /api/task, for values the form has validated. */
export const toTaskPayload = (values: TaskFormValues) => TaskWriteSchema.parse(toBody(values));

const validateTaskWrite = schemaResolver(TaskWriteSchema, { sync: true });

/** The task form: the shared schema checks it, so it says what the server would. */
export function useTaskForm() {
  return useForm<TaskFormValues>({
    initialValues: emptyTaskValues,
    validate: (values) => validateTaskWrite(toBody(values)),
  });
}

const fullName = (user: { name: string; lastName: string }) => `${user.name} ${user.lastName}`.trim();

/** The responsible choices: owners and collaborators, plus the current one if it is no longer listed. */
function useResponsibleOptions(current?: TaskResponsable) {
  const users = useUsers();
  const options = useMemo(() => {
    const staff = (users.data ?? [])
      .filter((user) => isStaff(user.role))
      .map((user) => ({ value: String(user.id), label: fullName(user) }));
    if (current && !staff.some((option) => option.value === String(current.id))) {
      staff.push({ value: String(current.id), label: fullName(current) });
    }
    return staff.sort((a, b) => compareNames(a.label, b.label));
  }, [users.data, current]);
  return { options, users };
}

export function TaskFormFields({
  form,
  responsible,
  autoFocus = false,
}: {
  form: UseFormReturnType<TaskFormValues>;
  /** The task's saved responsible, shown even before (or without) the users list. */
  responsible?: TaskResponsable;
  autoFocus?: boolean;
}) {
  const { options, users } = useResponsibleOptions(responsible);
  const placeholder = users.isLoading
    ? tasksMsg.loadingUsers
    : users.isError
      ? tasksMsg.loadUsersFailed
      : tasksMsg.chooseResponsible;

  return (
    <Stack>
      <TextInput
        label={tasksMsg.name}
        withAsterisk
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={tasksMsg.responsible}
          withAsterisk
          placeholder={placeholder}
          data={options}
          searchable
          allowDeselect={false}
          nothingFoundMessage={tasksMsg.noUsers}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('responsableCollaborator')}
        />
        <NumberInput
          label={tasksMsg.expirationDay}
          description={tasksMsg.expirationDayHelp}
          // Below the input, so it lines up with the responsible beside it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          min={1}
          max={31}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('expirationDate')}
        />
      </SimpleGrid>
      <Checkbox
        label={tasksMsg.showInSummary}
        description={tasksMsg.showInSummaryHelp}
        {...form.getInputProps('showInSummary', { type: 'checkbox' })}
      />
    </Stack>
  );
}
