import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';
import { taskBoardRoutes } from './task-board.routes.ts';
import { createTaskBoardService } from './task-board.service.ts';
import { sendTaskStateChanges, TASK_BOARD_ROOM } from './tasks.events.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { createTasksService } from './tasks.service.ts';

type BoardDeps = Parameters<typeof createTaskBoardService>[1];
type TasksDeps = Parameters<typeof createTasksService>[1];

export interface TasksModuleDeps {
  db: Db;
  events: EventBus;
  /** The users module's answer whether the responsible is staff, inside this module's transaction, the row locked. */
  isStaffWhileWriting(tx: DbOrTx, id: number): Promise<boolean>;
  /** The companies module's check: 404 'La empresa no existe'. */
  assertBusinessExists(id: number): Promise<void>;
  /** The responsibles' names by id (users module). */
  listUserNames: TasksDeps['listUserNames'];
  /** Every company's id, in the caller's transaction (companies module): a task for all of them. */
  listBusinessIds: TasksDeps['listBusinessIds'];
  /** Companies whose contract covers the period (companies module). */
  listActiveBusinesses: BoardDeps['listActiveBusinesses'];
  getBusiness: BoardDeps['getBusiness'];
  /** The firm's calendar of business days (holidays module). */
  businessCalendar: BoardDeps['businessCalendar'];
  /** Who is acting, and the companies' owners' names (users module). */
  getUser: BoardDeps['getUser'];
  fullNamesOf: BoardDeps['fullNamesOf'];
  /** The clock of the board's `today` (tests set it). */
  now?: BoardDeps['now'];
}

/** Tasks and their tracking board: both route sets, and the board's cell changes sent live. */
export function createTasksModule(deps: TasksModuleDeps) {
  const tasks = createTasksService(deps.db, deps);
  const taskBoard = createTaskBoardService(deps.db, { ...deps, tasks });
  return {
    ...tasks,
    ...taskBoard,
    routes: async (app: FastifyInstance) => {
      await app.register(tasksRoutes, { tasks });
      await app.register(taskBoardRoutes, { taskBoard });
    },
    live: { room: TASK_BOARD_ROOM, goLive: (live: LiveRooms) => sendTaskStateChanges(deps.events, live) },
  };
}
