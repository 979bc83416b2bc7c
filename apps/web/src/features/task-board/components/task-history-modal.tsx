import { boardMsg } from '@app/shared/messages-board';
import { taskBoardMsg } from '@app/shared/messages-task-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import type { Period } from '@app/shared/period';
import type { Task, TaskCellState } from '@app/shared/schemas/tasks';
import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { ListTable } from '../../../components/list-table';
import { readableTextColor } from '../../../lib/contrast';
import { formatDateTime } from '../../../lib/date-time';
import { useTaskStateHistory } from '../api/get-task-state-history';
import { TASK_STATE_COLORS } from '../utils/task-board-rows';

export interface TaskHistoryTarget {
  businessId: number;
  businessName: string;
  task: Task;
}

function StateBadge({ state }: { state: string }) {
  const color = TASK_STATE_COLORS[state as TaskCellState];
  return (
    <Badge
      color={color ?? 'gray'}
      tt="none"
      radius="sm"
      style={color ? { color: readableTextColor(color) } : undefined}
    >
      {state}
    </Badge>
  );
}

/** A cell's history: every change of the company's task that month, newest first. */
export function TaskHistoryModal({
  period,
  target,
  opened,
  onClose,
}: {
  period: Period;
  target: TaskHistoryTarget | null;
  opened: boolean;
  onClose: () => void;
}) {
  const history = useTaskStateHistory(
    opened && target ? { ...period, businessId: target.businessId, taskId: target.task.id } : null,
  );
  return (
    <Modal opened={opened} onClose={onClose} title={boardMsg.historyTitle} size="xl">
      <Stack>
        {target && (
          <Text size="sm" c="dimmed">
            {taskBoardMsg.menuLabel(target.task.name, target.businessName)}
          </Text>
        )}
        <ListTable
          query={history}
          records={history.data ?? []}
          noRecordsText={boardMsg.noHistory}
          errorText={boardMsg.historyFailed}
          emptyHeight={100}
          columns={[
            { accessor: 'at', title: taskBoardMsg.date, noWrap: true, render: (entry) => formatDateTime(entry.at) },
            { accessor: 'by', title: taskBoardMsg.user },
            {
              accessor: 'toState',
              title: taskBoardMsg.change,
              render: (entry) => (
                <Group gap={6} wrap="nowrap">
                  <StateBadge state={entry.fromState} />
                  <IconArrowRight size={14} aria-label={taskBoardMsg.to} />
                  <StateBadge state={entry.toState} />
                </Group>
              ),
            },
            { accessor: 'value', title: tasksMsg.valueTitle, render: (entry) => entry.value ?? '' },
          ]}
        />
      </Stack>
    </Modal>
  );
}
