/**
 * The prefix of every task board query (Seguimiento de tareas): the board's own query keys start
 * with it, and a change to a task or to its companies invalidates it so the board reloads.
 */
export const taskBoardRootQueryKey = ['task-board'] as const;
