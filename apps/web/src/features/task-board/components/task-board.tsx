import { boardMsg } from '@app/shared/messages-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import { can } from '@app/shared/permissions';
import { TASK_NOT_APPLICABLE, type Task, type TaskState } from '@app/shared/schemas/tasks';
import { summaryOf } from '@app/shared/task-board';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useTaskBoard } from '../../../api/tasks/get-task-board';
import { useSavingTaskCells, useUpdateTaskState } from '../../../api/tasks/update-task-state';
import { BoardCards } from '../../../components/board/board-cards';
import { BoardFilters } from '../../../components/board/board-filters';
import { useGroupMembers } from '../../../components/group-select';
import { LoadError } from '../../../components/load-error';
import { monthTitle } from '../../../components/period-picker';
import { useCurrentUser } from '../../../lib/session';
import { useBoardPeriod } from '../../../lib/use-board-period';
import { useLatest } from '../../../lib/use-latest';
import { useLiveTaskBoard } from '../hooks/use-live-task-board';
import { filterTaskRows, findTaskCell, overdueCells } from '../utils/task-board-rows';
import { TaskBoardTable } from './task-board-table';
import { TaskHistoryModal, type TaskHistoryTarget } from './task-history-modal';
import { TaskSummaryCards } from './task-summary-cards';
import { TaskValueModal, type TaskValueTarget } from './task-value-modal';

const NO_TASKS: Task[] = [];

/**
 * The task tracking board (spec 2 "Seguimiento de tareas"): the summary cards, then the month's
 * table of companies by task with its search, group and month selectors, live for everyone who has
 * it open. Owners change every cell; a collaborator only those of the tasks they are responsible for.
 */
export function TaskBoard() {
  const user = useCurrentUser();
  const [period, setPeriod] = useBoardPeriod();
  const board = useTaskBoard(period);
  const update = useUpdateTaskState();
  const saving = useSavingTaskCells(period);
  useLiveTaskBoard(period);

  const [search, setSearch] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const groupIds = useGroupMembers(groupId);

  const [activeCell, setActiveCell] = useState<string | null>(null);
  const [valueTarget, setValueTarget] = useState<TaskValueTarget | null>(null);
  const [valueOpened, { open: openValue, close: closeValue }] = useDisclosure(false);
  const [historyTarget, setHistoryTarget] = useState<TaskHistoryTarget | null>(null);
  const [historyOpened, { open: openHistory, close: closeHistory }] = useDisclosure(false);

  const data = board.data;
  const tasks = data?.tasks ?? NO_TASKS;
  const inGroup = useMemo(() => filterTaskRows(data?.rows ?? [], '', groupIds), [data, groupIds]);
  const rows = useMemo(() => filterTaskRows(inGroup, search, null), [inGroup, search]);
  // The cards count the companies of the chosen group (all without one); the text search only narrows the table.
  const summary = useMemo(() => summaryOf(tasks, inGroup), [tasks, inGroup]);
  const editable = useMemo(
    () => tasks.map((task) => can(user, 'task-state:change', { responsableId: task.responsableCollaborator.id })),
    [tasks, user],
  );
  const { year, month } = period;
  const overdue = useMemo(() => overdueCells(tasks, { year, month }), [tasks, year, month]);

  const latest = useLatest({ data, period, update });
  const save = useCallback(
    (businessId: number, task: Task, state: TaskState, value?: string) => {
      const { period: shown, update: mutation } = latest.current;
      mutation.mutate({ ...shown, businessId, taskId: task.id, state, value });
    },
    [latest],
  );
  const companyName = useCallback(
    (businessId: number) => latest.current.data?.rows.find((row) => row.id === businessId)?.name ?? '',
    [latest],
  );
  const onChoose = useCallback(
    (businessId: number, task: Task, state: TaskState) => {
      const cell = findTaskCell(latest.current.data, businessId, task.id);
      // Choosing the state already chosen (without a value) changes nothing.
      if (cell?.state === state && cell.lastChange && !cell.value) return;
      save(businessId, task, state);
    },
    [latest, save],
  );
  const onValue = useCallback(
    (businessId: number, task: Task) => {
      const cell = findTaskCell(latest.current.data, businessId, task.id);
      if (!cell || cell.state === TASK_NOT_APPLICABLE) return;
      setValueTarget({ businessId, businessName: companyName(businessId), task, state: cell.state, value: cell.value });
      openValue();
    },
    [latest, companyName, openValue],
  );
  const onHistory = useCallback(
    (businessId: number, task: Task) => {
      setHistoryTarget({ businessId, businessName: companyName(businessId), task });
      openHistory();
    },
    [companyName, openHistory],
  );

  const filtering = search.trim() !== '' || groupIds !== null;
  const noTasks = data !== undefined && tasks.length === 0;

  return (
    <Stack gap="md">
      <BoardCards board="tasks" id="task-summary-cards">
        <TaskSummaryCards tasks={tasks} summary={summary} />
      </BoardCards>

      <Card withBorder component="section" aria-labelledby="task-board-title" padding="md">
        <Stack gap="sm">
          <Title order={3} id="task-board-title">
            {monthTitle(period)}
          </Title>
          <BoardFilters
            search={search}
            onSearch={setSearch}
            groupId={groupId}
            onGroup={setGroupId}
            period={period}
            onPeriod={(next) => {
              setActiveCell(null);
              setPeriod(next);
            }}
          />
          {board.isError ? (
            <LoadError title={tasksMsg.boardFailed} query={board} />
          ) : noTasks ? (
            <Text c="dimmed">{tasksMsg.noTasksInBoard}</Text>
          ) : (
            <TaskBoardTable
              rows={rows}
              tasks={tasks}
              editable={editable}
              overdue={overdue}
              saving={saving}
              activeCell={activeCell}
              loading={board.isLoading}
              emptyText={filtering ? boardMsg.noMatches : boardMsg.noCompanies}
              onMenu={setActiveCell}
              onChoose={onChoose}
              onValue={onValue}
              onHistory={onHistory}
            />
          )}
        </Stack>
      </Card>

      <TaskValueModal
        opened={valueOpened}
        target={valueTarget}
        onClose={closeValue}
        onSave={(state, value) => {
          if (valueTarget) save(valueTarget.businessId, valueTarget.task, state, value);
          closeValue();
        }}
      />
      <TaskHistoryModal period={period} target={historyTarget} opened={historyOpened} onClose={closeHistory} />
    </Stack>
  );
}
