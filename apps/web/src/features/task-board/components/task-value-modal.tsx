import { taskBoardMsg } from '@app/shared/messages-task-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import { TASK_STATES, type Task, type TaskState, TaskStateUpdateSchema } from '@app/shared/schemas/tasks';
import { Group, Radio, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CellValueModal } from '../../../components/board/cell-value-modal';
import type { CellModalProps } from '../../../components/board/use-cell-target';
import { useResetOnOpen } from '../../../lib/use-reset-on-open';

export interface TaskValueTarget {
  businessId: number;
  businessName: string;
  task: Task;
  /** The cell's state and value now, offered again. */
  state: TaskState;
  value: string | null;
}

interface Values {
  state: TaskState;
  value: string;
}

/**
 * The server's own rule for the value (at most 100 characters; an amount goes through the shared
 * money parser: '1234567,89' is '$1.234.567', '1234.5' is refused as ambiguous), so the modal says
 * what the server would.
 */
function validateValue(value: string): string | null {
  const checked = TaskStateUpdateSchema.shape.value.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? tasksMsg.valueMax);
}

/**
 * 'Valor': a state with an optional free value, shown in the cell instead of the
 * state's name; an empty value clears it.
 */
export function TaskValueModal({
  opened,
  target,
  onClose,
  onSave,
}: CellModalProps<TaskValueTarget> & { onSave: (state: TaskState, value: string) => void }) {
  const form = useForm<Values>({
    initialValues: { state: 'No comenzado', value: '' },
    validate: { value: validateValue },
  });
  useResetOnOpen(form, opened, { state: target?.state ?? 'No comenzado', value: target?.value ?? '' }, [target]);

  const submit = form.onSubmit(({ state, value }) => {
    const checked = TaskStateUpdateSchema.shape.value.safeParse(value);
    onSave(state, checked.success ? checked.data : value.trim());
  });

  return (
    <CellValueModal
      opened={opened}
      onClose={onClose}
      title={tasksMsg.valueTitle}
      subtitle={target && taskBoardMsg.menuLabel(target.task.name, target.businessName)}
      onSubmit={submit}
    >
      <Radio.Group label={taskBoardMsg.stateLabel} {...form.getInputProps('state')}>
        <Group gap="md" mt={4}>
          {TASK_STATES.map((state) => (
            <Radio key={state} value={state} label={state} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label={tasksMsg.valueLabel}
        description={taskBoardMsg.valueHelp}
        data-autofocus
        {...form.getInputProps('value')}
      />
    </CellValueModal>
  );
}
