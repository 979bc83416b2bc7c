import { msg } from '@app/shared/messages';
import { tasksMsg } from '@app/shared/messages-tasks';
import type {
  BusinessInTask,
  BusinessInTaskAllSchema,
  BusinessInTaskWriteSchema,
  Task,
  TaskDetail,
  TaskWriteSchema,
} from '@app/shared/schemas/tasks';
import type { z } from 'zod';
import { changedFields, pickFields, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { assertNameFree } from '../../lib/unique-name.ts';
import { presentBusinessInTask, presentTask } from './tasks.presenter.ts';
import { type TaskListRow, type TaskWithResponsable, tasksRepository } from './tasks.repository.ts';

type WriteInput = z.output<typeof TaskWriteSchema>;
type BusinessInput = z.output<typeof BusinessInTaskWriteSchema>;
type AllInput = z.output<typeof BusinessInTaskAllSchema>;

/** A task as the activity log names it: its fields, the responsible by id. */
const TASK_FIELDS = ['name', 'responsableId', 'expirationDate', 'showInSummary'] as const;
const taskSummary = (row: TaskListRow) => ({
  name: row.name,
  responsableId: row.responsableId,
  expirationDate: row.expirationDate,
  showInSummary: row.showInSummary,
});

/** A company's place in a task, as the activity log shows it: in it or not, and since when. */
async function recordTaskBusiness(
  tx: DbOrTx,
  actor: ActivityActor,
  task: Pick<Task, 'id' | 'name'>,
  businessId: number | null,
  before: { startDate: string } | undefined,
  after: { startDate: string } | undefined,
) {
  const summary = (row: { startDate: string } | undefined) =>
    row ? { enTarea: true, desde: row.startDate } : { enTarea: false };
  await recordActivity(tx, actor, {
    kind: 'task',
    action: 'updated',
    recordId: task.id,
    recordLabel: task.name,
    businessId,
    details: { before: summary(before), after: summary(after) },
  });
}

interface Deps {
  /**
   * The users module's answer whether the responsible exists and is staff, inside this module's
   * transaction with their row locked until it ends (a demotion at the same moment waits).
   */
  isStaffWhileWriting(tx: DbOrTx, id: number): Promise<boolean>;
  /** The companies module's check: 404 'La empresa no existe'. */
  assertBusinessExists(id: number): Promise<void>;
  /** The users module's names of the responsibles, by id. */
  listUserNames(ids: readonly number[]): Promise<Map<number, { id: number; name: string; lastName: string }>>;
  /** The companies module's ids of every company, read in the caller's transaction ('todas las empresas'). */
  listBusinessIds(tx: DbOrTx): Promise<number[]>;
}

/** Tasks ('Tareas' and a task's detail): define them, and choose from when each company is in. */
export function createTasksService(db: Db, deps: Deps) {
  /** The tasks with their responsibles' names (users module); a task always has one (restrict). */
  async function withResponsables(rows: TaskListRow[]): Promise<TaskWithResponsable[]> {
    const names = await deps.listUserNames(rows.map((row) => row.responsableId));
    return rows.map(({ responsableId, ...row }) => ({
      ...row,
      responsable: names.get(responsableId) ?? { id: responsableId, name: '', lastName: '' },
    }));
  }

  async function findRow(id: number): Promise<TaskWithResponsable | undefined> {
    const row = await tasksRepository.findById(db, id);
    return row && (await withResponsables([row]))[0];
  }

  async function getTask(id: number): Promise<Task> {
    const row = await findRow(id);
    if (!row) throw notFound(tasksMsg.taskNotFound);
    return presentTask(row);
  }

  /**
   * Runs a task's write in one transaction after its checks: the responsible is staff (their row
   * locked until commit, so they cannot be made a client meanwhile) and no other task has the name
   * (409 on the field, as a taken RUT or e-mail is refused). A responsible deleted meanwhile still
   * ends as a 400, not a 500.
   */
  async function writeTask<T>(input: WriteInput, ownId: number | null, write: (tx: DbOrTx) => Promise<T>) {
    try {
      return await db.transaction(async (tx) => {
        if (!(await deps.isStaffWhileWriting(tx, input.responsableCollaborator))) {
          throw badRequest(tasksMsg.responsibleNotStaff, 'responsableCollaborator');
        }
        await assertNameFree(tx, 'tasks', tasksRepository.listNames, input.name, ownId, tasksMsg.nameExists);
        return write(tx);
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw badRequest(tasksMsg.responsibleNotStaff, 'responsableCollaborator');
      throw error;
    }
  }

  const fields = (input: WriteInput) => ({
    name: input.name,
    responsableId: input.responsableCollaborator,
    expirationDate: input.expirationDate,
    showInSummary: input.showInSummary,
  });

  /**
   * The company must exist and the task too; a company removed meanwhile is a 404, not a 500. The
   * write runs in a transaction with its entry (kind task, the company's businessId), which names
   * the company's start date in the task before and after.
   */
  async function withBusiness<T extends { startDate: string } | undefined>(
    taskId: number,
    businessId: number,
    actor: ActivityActor,
    write: (tx: DbOrTx) => Promise<T>,
  ): Promise<T> {
    const task = await getTask(taskId);
    await deps.assertBusinessExists(businessId);
    try {
      return await db.transaction(async (tx) => {
        const before = await tasksRepository.findBusiness(tx, taskId, businessId);
        const row = await write(tx);
        if (row) await recordTaskBusiness(tx, actor, task, businessId, before, row);
        return row;
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(msg.businessNotFound);
      throw error;
    }
  }

  return {
    list: async (): Promise<Task[]> => (await withResponsables(await tasksRepository.list(db))).map(presentTask),

    /** Every task with its responsible, by id (the board needs the responsible to check its rule). */
    listRows: async () => withResponsables(await tasksRepository.list(db)),

    /** One task with its responsible, or undefined (the board checks its policy with it). */
    findRow,

    get: getTask,

    async getDetail(id: number): Promise<TaskDetail> {
      const task = await getTask(id);
      const rows = await tasksRepository.listBusinesses(db, id);
      return { ...task, businessInTask: rows.map(presentBusinessInTask) };
    },

    async create(input: WriteInput, actor: ActivityActor): Promise<Task> {
      const id = await writeTask(input, null, async (tx) => {
        const id = await tasksRepository.insert(tx, fields(input));
        await recordActivity(tx, actor, {
          kind: 'task',
          action: 'created',
          recordId: id,
          recordLabel: input.name,
          details: { after: pickFields(fields(input), TASK_FIELDS) },
        });
        return id;
      });
      return getTask(id);
    },

    async update(id: number, input: WriteInput, actor: ActivityActor): Promise<Task> {
      await getTask(id);
      const found = await writeTask(input, id, async (tx) => {
        const before = await tasksRepository.findById(tx, id);
        if (!before || !(await tasksRepository.update(tx, id, fields(input)))) return false;
        const details = changedFields(taskSummary(before), fields(input), TASK_FIELDS);
        if (details) {
          await recordActivity(tx, actor, {
            kind: 'task',
            action: 'updated',
            recordId: id,
            recordLabel: input.name,
            details,
          });
        }
        return true;
      });
      if (!found) throw notFound(tasksMsg.taskNotFound);
      return getTask(id);
    },

    /** The task, its companies, states and history go in one statement (cascade), with its entry. */
    async delete(id: number, actor: ActivityActor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await tasksRepository.findById(tx, id);
        if (!before || !(await tasksRepository.delete(tx, id))) throw notFound(tasksMsg.taskNotFound);
        await recordActivity(tx, actor, {
          kind: 'task',
          action: 'deleted',
          recordId: id,
          recordLabel: before.name,
          details: { before: pickFields(taskSummary(before), TASK_FIELDS) },
        });
      });
    },

    async addBusiness(
      taskId: number,
      businessId: number,
      input: BusinessInput,
      actor: ActivityActor,
    ): Promise<{ businessInTask: BusinessInTask; created: boolean }> {
      let created = false;
      const row = await withBusiness(taskId, businessId, actor, async (tx) => {
        const result = await tasksRepository.upsertBusiness(tx, { taskId, businessId, startDate: input.startDate });
        created = result.created;
        return result.row;
      });
      return { businessInTask: presentBusinessInTask(row), created };
    },

    async updateBusiness(
      taskId: number,
      businessId: number,
      input: BusinessInput,
      actor: ActivityActor,
    ): Promise<BusinessInTask> {
      const row = await withBusiness(taskId, businessId, actor, (tx) =>
        tasksRepository.updateBusiness(tx, taskId, businessId, input.startDate),
      );
      if (!row) throw notFound(tasksMsg.businessNotInTask);
      return presentBusinessInTask(row);
    },

    /** Takes the company out of the task; its states stay, so putting it back restores them. */
    async removeBusiness(taskId: number, businessId: number, actor: ActivityActor): Promise<void> {
      const task = await getTask(taskId);
      await db.transaction(async (tx) => {
        const before = await tasksRepository.findBusiness(tx, taskId, businessId);
        if (!before || !(await tasksRepository.deleteBusiness(tx, taskId, businessId))) {
          throw notFound(tasksMsg.businessNotInTask);
        }
        await recordTaskBusiness(tx, actor, task, businessId, before, undefined);
      });
    },

    /** One entry on the task for every company at once: { after: { empresas: 'todas', desde } }. */
    async addAllBusinesses(taskId: number, input: AllInput, actor: ActivityActor): Promise<BusinessInTask[]> {
      const task = await getTask(taskId);
      await db.transaction(async (tx) => {
        await tasksRepository.addBusinesses(tx, taskId, await deps.listBusinessIds(tx), input.startDate);
        await recordActivity(tx, actor, {
          kind: 'task',
          action: 'updated',
          recordId: taskId,
          recordLabel: task.name,
          details: { after: { empresas: 'todas', desde: input.startDate } },
        });
      });
      return (await tasksRepository.listBusinesses(db, taskId)).map(presentBusinessInTask);
    },

    async removeAllBusinesses(taskId: number, actor: ActivityActor): Promise<void> {
      const task = await getTask(taskId);
      await db.transaction(async (tx) => {
        await tasksRepository.deleteAllBusinesses(tx, taskId);
        await recordActivity(tx, actor, {
          kind: 'task',
          action: 'updated',
          recordId: taskId,
          recordLabel: task.name,
          details: { after: { empresas: 'ninguna' } },
        });
      });
    },

    listApplying: (lastDay: string, businessId?: number) => tasksRepository.listApplying(db, lastDay, businessId),

    /** Whether the user is responsible of some task, read inside the caller's transaction (users demoting one). */
    isResponsible: (tx: DbOrTx, userId: number) => tasksRepository.hasResponsible(tx, userId),
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
