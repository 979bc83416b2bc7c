import { taskBoardMsg } from '@app/shared/messages-task-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import { shortName } from '@app/shared/schemas/monthly-states';
import type { Task, TaskSummary } from '@app/shared/schemas/tasks';
import { summaryColor } from '@app/shared/task-board';
import { Card, Group, Progress, Text } from '@mantine/core';
import { SummaryGrid } from '../../../components/board/summary-grid';
import { PercentBadge } from '../../../components/percent-badge';

/**
 * The summary cards: one per task shown in the summary, with the truncated percent of
 * the applicable companies 'Terminado', green at 100, yellow above 0 and red at 0; a grey dash
 * when none applies (0 / 0), as on the monthly board.
 */
export function TaskSummaryCards({ tasks, summary }: { tasks: Task[]; summary: TaskSummary[] }) {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return (
    <SummaryGrid emptyText={tasksMsg.noSummaryTasks}>
      {summary.map(({ taskId, percent }) => {
        const task = byId.get(taskId);
        if (!task) return null;
        const color = summaryColor(percent);
        return (
          <Card
            key={taskId}
            component="li"
            withBorder
            padding="sm"
            aria-label={taskBoardMsg.summaryCard(task.name, percent)}
            data-color={color}
            style={{ borderInlineStart: `4px solid var(--mantine-color-${color}-6)` }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {task.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {shortName(task.responsableCollaborator.name, task.responsableCollaborator.lastName)}
                </Text>
              </div>
              <PercentBadge percent={percent} color={color} />
            </Group>
            <Progress value={percent ?? 0} color={color} size="sm" mt="xs" aria-hidden />
          </Card>
        );
      })}
    </SummaryGrid>
  );
}
