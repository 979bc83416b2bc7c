import { msg } from '@app/shared/messages';
import { tasksMsg } from '@app/shared/messages-tasks';
import { STAFF_ROLES } from '@app/shared/roles';
import type {
  BusinessInTask,
  BusinessInTaskAllSchema,
  BusinessInTaskWriteSchema,
  Task,
  TaskDetail,
  TaskWriteSchema,
} from '@app/shared/schemas/tasks';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { assertNameFree } from '../../lib/unique-name.ts';
import { presentBusinessInTask, presentTask } from './tasks.presenter.ts';
import { tasksRepository } from './tasks.repository.ts';

type WriteInput = z.output<typeof TaskWriteSchema>;
type BusinessInput = z.output<typeof BusinessInTaskWriteSchema>;
type AllInput = z.output<typeof BusinessInTaskAllSchema>;

interface Deps {
  /**
   * The users module's role of the responsible inside this module's transaction, their row locked
   * until it ends (a demotion at the same moment waits): the responsible must exist and be staff.
   */
  roleWhileWriting(tx: DbOrTx, id: number): Promise<string | undefined>;
  /** The companies module's check: 404 'La empresa no existe'. */
  assertBusinessExists(id: number): Promise<void>;
}

/** Tasks (spec 2 "Tareas", "Task detail"): define them, and choose from when each company is in. */
export function createTasksService(db: Db, deps: Deps) {
  async function getTask(id: number): Promise<Task> {
    const row = await tasksRepository.findById(db, id);
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
        const role = await deps.roleWhileWriting(tx, input.responsableCollaborator);
        if (!role || !(STAFF_ROLES as readonly string[]).includes(role)) {
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

  /** The company must exist and the task too; a company removed meanwhile is a 404, not a 500. */
  async function withBusiness<T>(taskId: number, businessId: number, write: () => Promise<T>): Promise<T> {
    await getTask(taskId);
    await deps.assertBusinessExists(businessId);
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(msg.businessNotFound);
      throw error;
    }
  }

  return {
    list: async (): Promise<Task[]> => (await tasksRepository.list(db)).map(presentTask),

    /** Every task with its responsible, by id (the board needs the responsible to check its rule). */
    listRows: () => tasksRepository.list(db),

    /** One task with its responsible, or undefined (the board checks its policy with it). */
    findRow: (id: number) => tasksRepository.findById(db, id),

    get: getTask,

    async getDetail(id: number): Promise<TaskDetail> {
      const task = await getTask(id);
      const rows = await tasksRepository.listBusinesses(db, id);
      return { ...task, businessInTask: rows.map(presentBusinessInTask) };
    },

    async create(input: WriteInput): Promise<Task> {
      const id = await writeTask(input, null, (tx) => tasksRepository.insert(tx, fields(input)));
      return getTask(id);
    },

    async update(id: number, input: WriteInput): Promise<Task> {
      await getTask(id);
      const found = await writeTask(input, id, (tx) => tasksRepository.update(tx, id, fields(input)));
      if (!found) throw notFound(tasksMsg.taskNotFound);
      return getTask(id);
    },

    /** The task, its companies, states and history go in one statement (cascade). */
    async delete(id: number): Promise<void> {
      if (!(await tasksRepository.delete(db, id))) throw notFound(tasksMsg.taskNotFound);
    },

    async addBusiness(
      taskId: number,
      businessId: number,
      input: BusinessInput,
    ): Promise<{ businessInTask: BusinessInTask; created: boolean }> {
      const { row, created } = await withBusiness(taskId, businessId, () =>
        tasksRepository.upsertBusiness(db, { taskId, businessId, startDate: input.startDate }),
      );
      return { businessInTask: presentBusinessInTask(row), created };
    },

    async updateBusiness(taskId: number, businessId: number, input: BusinessInput): Promise<BusinessInTask> {
      const row = await withBusiness(taskId, businessId, () =>
        tasksRepository.updateBusiness(db, taskId, businessId, input.startDate),
      );
      if (!row) throw notFound(tasksMsg.businessNotInTask);
      return presentBusinessInTask(row);
    },

    /** Takes the company out of the task; its states stay, so putting it back restores them. */
    async removeBusiness(taskId: number, businessId: number): Promise<void> {
      await getTask(taskId);
      if (!(await tasksRepository.deleteBusiness(db, taskId, businessId))) throw notFound(tasksMsg.businessNotInTask);
    },

    async addAllBusinesses(taskId: number, input: AllInput): Promise<BusinessInTask[]> {
      await getTask(taskId);
      await tasksRepository.addAllBusinesses(db, taskId, input.startDate);
      return (await tasksRepository.listBusinesses(db, taskId)).map(presentBusinessInTask);
    },

    async removeAllBusinesses(taskId: number): Promise<void> {
      await getTask(taskId);
      await tasksRepository.deleteAllBusinesses(db, taskId);
    },

    listApplying: (lastDay: string, businessId?: number) => tasksRepository.listApplying(db, lastDay, businessId),
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
