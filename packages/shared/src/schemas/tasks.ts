import { calendarDate, idField, idParam, idParams, optionalText, plainText, requiredText } from '../fields.ts';
import { tasksMsg } from '../messages-tasks.ts';
import { normalizeMoneyText } from '../money.ts';
import type { Period } from '../period.ts';
import { z } from '../zod-setup.ts';
import { PeriodParamsSchema } from './monthly-states.ts';

/** 'Activar todo' starts every company on this date unless another is given. */
export const DEFAULT_BULK_START_DATE = '2021-01-01';

/** The states a person can choose, in any order; 'N/A' is what a cell shows where the task does not apply. */
export const TASK_STATES = ['No comenzado', 'En proceso', 'Terminado'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const TASK_NOT_APPLICABLE = 'N/A';
export type TaskCellState = TaskState | typeof TASK_NOT_APPLICABLE;
export const TASK_STATE_DONE: TaskState = 'Terminado';
export const TASK_STATE_INITIAL: TaskState = 'No comenzado';

const TaskDateSchema = calendarDate(tasksMsg.required, tasksMsg.invalidDate);

/** The task form and POST/PUT /api/task: all four fields required. */
export const TaskWriteSchema = z.object({
  name: requiredText(tasksMsg.required, 255, tasksMsg.nameMax),
  responsableCollaborator: idField(tasksMsg.responsibleNotStaff),
  expirationDate: z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? tasksMsg.required : tasksMsg.dayRange),
    })
    .int(tasksMsg.dayRange)
    .min(1, tasksMsg.dayRange)
    .max(31, tasksMsg.dayRange),
  showInSummary: z.boolean({ error: tasksMsg.required }),
});
export type TaskWrite = z.input<typeof TaskWriteSchema>;

export const TaskIdParamSchema = idParams('id');
export const TaskBusinessParamSchema = idParams('taskId', 'businessId');
export const TaskIdOnlyParamSchema = idParams('taskId');

/** POST/PUT /api/task/{taskId}/business/{businessId}. */
export const BusinessInTaskWriteSchema = z.object({ startDate: TaskDateSchema });
export type BusinessInTaskWrite = z.input<typeof BusinessInTaskWriteSchema>;
/** POST /api/task/{taskId}/create-all-business-in-task. */
export const BusinessInTaskAllSchema = z.object({ startDate: TaskDateSchema.default(DEFAULT_BULK_START_DATE) });

export const TaskResponsableSchema = z.object({ id: z.number().int(), name: z.string(), lastName: z.string() });
export type TaskResponsable = z.infer<typeof TaskResponsableSchema>;

/** A task as lists show it: the responsible as an object on read (a user id on write). */
export const TaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  responsableCollaborator: TaskResponsableSchema,
  expirationDate: z.number().int(),
  showInSummary: z.boolean(),
});
export type Task = z.infer<typeof TaskSchema>;
export const TaskListSchema = z.array(TaskSchema);

export const BusinessInTaskSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  startDate: z.string(),
});
export type BusinessInTask = z.infer<typeof BusinessInTaskSchema>;

/** GET /api/task/{id}: `{ task }` with its companies. */
export const TaskDetailSchema = TaskSchema.extend({ businessInTask: z.array(BusinessInTaskSchema) });
export type TaskDetail = z.infer<typeof TaskDetailSchema>;
export const TaskDetailResponseSchema = z.object({ task: TaskDetailSchema });
export type TaskDetailResponse = z.infer<typeof TaskDetailResponseSchema>;
export const TaskResponseSchema = z.object({ message: z.string(), task: TaskSchema });
export const BusinessInTaskResponseSchema = z.object({ message: z.string(), businessInTask: BusinessInTaskSchema });
export const BusinessInTaskAllResponseSchema = z.object({
  message: z.string(),
  businessInTask: z.array(BusinessInTaskSchema),
});

/** PUT .../businessId/{businessId}/taskId/{taskId}: a state and an optional free value. */
export const TaskStateUpdateSchema = z.object({
  state: plainText(tasksMsg.invalidState).pipe(z.enum(TASK_STATES, { error: tasksMsg.invalidState })),
  /** Free text; an amount in it (only digits, '$', '.', ',') is read by the money parser and kept as '$1.234.567'. */
  value: optionalText(100, tasksMsg.valueMax).transform((value, ctx) => {
    const normalized = normalizeMoneyText(value);
    if (normalized.success) return normalized.value;
    ctx.addIssue({ code: 'custom', message: normalized.error });
    return z.NEVER;
  }),
});
export type TaskStateUpdate = z.input<typeof TaskStateUpdateSchema>;
export const TaskStateParamsSchema = idParams('businessId', 'taskId');

/** One company × task of a month: 'N/A' where the company is not in the task by the period's last day. */
export const TaskCellSchema = z.object({
  taskId: z.number().int(),
  state: z.enum([...TASK_STATES, TASK_NOT_APPLICABLE]),
  value: z.string().nullable(),
  lastChange: z.object({ by: z.string(), at: z.string() }).nullable(),
});
export type TaskCell = z.infer<typeof TaskCellSchema>;

export const TaskBoardRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rut: z.string(),
  /** The company's owner among the staff ('Encargado'), or null. */
  responsibleUserId: z.number().int().nullable(),
  taskStates: z.array(TaskCellSchema),
});
export type TaskBoardRow = z.infer<typeof TaskBoardRowSchema>;

/** `percent` is null when no company applies (0 / 0). */
export const TaskSummarySchema = z.object({ taskId: z.number().int(), percent: z.number().int().nullable() });
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

/** GET /api/business-task-states/year/{year}/month/{month}. */
export const TaskBoardSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  tasks: TaskListSchema,
  rows: z.array(TaskBoardRowSchema),
  /** For the tasks shown in the summary, the percent of applicable companies 'Terminado'. */
  summary: z.array(TaskSummarySchema),
  /**
   * Each task's due date for the month ('YYYY-MM-DD'), by the rule of the monthly board's due days
   * (past weekends and Chile's holidays, which only the server knows).
   */
  dueDates: z.array(z.object({ taskId: z.number().int(), dueDate: z.string() })),
  /** The day in America/Santiago ('YYYY-MM-DD') the server built the board on. */
  today: z.string(),
});
export type TaskBoard = z.infer<typeof TaskBoardSchema>;

/** PUT answer and the payload of 'update task state M/YYYY': only the changed cell. */
export const TaskCellChangeSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  businessId: z.number().int(),
  cell: TaskCellSchema,
});
export type TaskCellChange = z.infer<typeof TaskCellChangeSchema>;
export const TaskStateUpdateResponseSchema = TaskCellChangeSchema.extend({ message: z.string() });

/** The realtime event of a month's task board: distinct from the monthly board's, so the two never collide. */
export const taskBoardEventName = (period: Period) => `update task state ${period.month}/${period.year}`;

/** GET /api/business-task-states/history?businessId=&taskId=&year=&month= */
export const TaskHistoryQuerySchema = z.object({
  businessId: idParam(),
  taskId: idParam(tasksMsg.taskNotFound),
  year: PeriodParamsSchema.shape.year,
  month: PeriodParamsSchema.shape.month,
});
export const TaskHistoryEntrySchema = z.object({
  id: z.number().int(),
  fromState: z.string(),
  toState: z.string(),
  value: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type TaskHistoryEntry = z.infer<typeof TaskHistoryEntrySchema>;
export const TaskHistoryResponseSchema = z.object({ rows: z.array(TaskHistoryEntrySchema) });
export type TaskHistoryResponse = z.infer<typeof TaskHistoryResponseSchema>;
