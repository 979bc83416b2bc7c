import type { Period } from '@app/shared/period';
import { samePeriod } from '../period';

/** A change of one cell as a board asks for it: its month, its company and the board's own fields. */
export type CellChange = Period & { businessId: number };

/**
 * How one board's cached month changes (its cell type and its rules): pure functions the board
 * kit's mutation and live updates call, testable without a browser.
 */
export interface CellRules<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
> {
  /** The column (service, task…) a change is for. */
  columnOf: (change: Change) => number;
  findCell: (board: Board | undefined, businessId: number, columnId: number) => Cell | undefined;
  /** The board with one cell patched; the other rows keep their identity. */
  withCell: (board: Board, businessId: number, columnId: number, patch: Partial<Cell>) => Board;
  /** What a change shows at once, before the server answers. */
  guess: (change: Change) => Partial<Cell>;
  /** The board with a cell as the server sent it (the PUT's answer or a live event). */
  applyAnswer: (board: Board, answer: Answer) => Board;
}

/** 'businessId:columnId': names a cell (its open menu, its pending save). */
export const cellKey = (businessId: number, columnId: number) => `${businessId}:${columnId}`;

/**
 * A cell from the server applied to the board, with this user's changes still being saved
 * (`pending`) shown on top: an older answer must not undo them on screen.
 */
export function reconcile<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
>(rules: CellRules<Board, Cell, Change, Answer>, board: Board, answer: Answer, pending: readonly Change[]): Board {
  let next = rules.applyAnswer(board, answer);
  for (const waiting of pending) {
    if (samePeriod(waiting, answer) && waiting.businessId === answer.businessId) {
      next = rules.withCell(next, waiting.businessId, rules.columnOf(waiting), rules.guess(waiting));
    }
  }
  return next;
}

/**
 * Many cells from the server applied at once (a bulk change: its answer or its one live event),
 * each as `reconcile` applies one, in one pass over the board.
 */
export function reconcileAll<
  Board,
  Cell extends { lastChange: unknown },
  Change extends CellChange,
  Answer extends CellChange,
>(
  rules: CellRules<Board, Cell, Change, Answer>,
  board: Board,
  answers: readonly Answer[],
  pending: readonly Change[],
): Board {
  let next = board;
  for (const answer of answers) next = reconcile(rules, next, answer, pending);
  return next;
}

/** Only the guessed fields (and when it last changed) of a cell, to put back when a change is refused. */
export function restored<Cell extends { lastChange: unknown }>(previous: Cell, guess: Partial<Cell>): Partial<Cell> {
  const back = { lastChange: previous.lastChange } as Partial<Cell>;
  for (const field of Object.keys(guess) as (keyof Cell)[]) back[field] = previous[field];
  return back;
}

/** The cell on screen still shows this change's guess (no newer cell from the server replaced it). */
export const showsGuess = <Cell extends object>(shown: Cell | undefined, guess: Partial<Cell>): shown is Cell =>
  shown !== undefined && (Object.keys(guess) as (keyof Cell)[]).every((field) => shown[field] === guess[field]);
