import { idField, idParam } from '../fields.ts';
import { boardMsg } from '../messages-board.ts';
import { MONEY_MAX, parseMoney } from '../money.ts';
import { BOARD_MIN_YEAR } from '../period.ts';
import { z } from '../zod-setup.ts';
import { ServiceStateSchema } from './services.ts';

export { BOARD_MIN_YEAR };
/** Largest money value a cell may hold (pesos); far beyond any monthly tax, far below float trouble. */
export const BOARD_VALUE_MAX = MONEY_MAX;

const year = z.coerce
  .number({ error: boardMsg.invalidYear })
  .int(boardMsg.invalidYear)
  .min(BOARD_MIN_YEAR, boardMsg.invalidYear)
  .max(2100, boardMsg.invalidYear);
const month = z.coerce
  .number({ error: boardMsg.invalidMonth })
  .int(boardMsg.invalidMonth)
  .min(1, boardMsg.invalidMonth)
  .max(12, boardMsg.invalidMonth);

/** /year/{year}/month/{month} */
export const PeriodParamsSchema = z.object({ year, month });
export type PeriodParams = z.infer<typeof PeriodParamsSchema>;

/** The state update payload: the value is required by states with hasValue, and kept whole. */
export const MonthlyStateUpdateSchema = z.object({
  businessId: idField(),
  serviceId: idField(boardMsg.serviceNotFound),
  stateId: idField(boardMsg.stateNotFound),
  // The money parser's rule for a number: whole pesos, within range, never negative (no state allows it).
  optionalValue: z
    .number({ error: boardMsg.valueRequired })
    .transform((value, ctx) => {
      const parsed = parseMoney(value);
      if (parsed.success) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    })
    .nullish(),
});
export type MonthlyStateUpdate = z.input<typeof MonthlyStateUpdateSchema>;

/** Who changed a cell last, and when (ISO instant); null while nobody has. */
export const CellChangeSchema = z.object({ by: z.string(), at: z.string() });

/**
 * One company × service of a month. `applies` false is 'N/A'; `stateId` is the chosen state or the
 * first one. `dueDate` ('YYYY-MM-DD') is null when the service has no due day for the company (and
 * on 'N/A'); `overdue` is true once the board's `today` is past it and the cell is not at the
 * service's last state.
 */
export const BoardCellSchema = z.object({
  serviceId: z.number().int(),
  applies: z.boolean(),
  stateId: z.number().int().nullable(),
  value: z.number().nullable(),
  lastChange: CellChangeSchema.nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
});
export type BoardCell = z.infer<typeof BoardCellSchema>;

export const BoardBusinessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rut: z.string(),
  contact: z.string(),
  /** The company's owner among the staff ('Encargado'), or null. */
  responsibleUserId: z.number().int().nullable(),
});

/** A company's row: its cells in the order of the board's services, and its progress (0-100). */
export const BoardRowSchema = z.object({
  business: BoardBusinessSchema,
  cells: z.array(BoardCellSchema),
  progress: z.number().int(),
});
export type BoardRow = z.infer<typeof BoardRowSchema>;

/** A column: a service active that month, with its states by order. */
export const BoardServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  states: z.array(ServiceStateSchema),
});
export type BoardService = z.infer<typeof BoardServiceSchema>;

/** GET /api/monthly-states/year/{year}/month/{month} */
export const MonthlyBoardSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  services: z.array(BoardServiceSchema),
  rows: z.array(BoardRowSchema),
  /** The day in America/Santiago ('YYYY-MM-DD') the cells' `overdue` was computed on. */
  today: z.string(),
});
export type MonthlyBoard = z.infer<typeof MonthlyBoardSchema>;

/**
 * PUT answer, and the payload of the socket event 'update state M/YYYY': only the changed cell
 * and the company's new progress (a couple of hundred bytes, however large the firm).
 */
export const BoardCellChangeSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  businessId: z.number().int(),
  progress: z.number().int(),
  cell: BoardCellSchema,
});
export type BoardCellChange = z.infer<typeof BoardCellChangeSchema>;
export const MonthlyStateUpdateResponseSchema = BoardCellChangeSchema.extend({ message: z.string() });
export type MonthlyStateUpdateResponse = z.infer<typeof MonthlyStateUpdateResponseSchema>;

/** The realtime event of a month's board; the month is in the event's name. */
export const boardEventName = (period: { year: number; month: number }) =>
  `update state ${period.month}/${period.year}`;

/** GET /api/monthly-states/history?businessId=&serviceId=&year=&month= */
export const HistoryQuerySchema = z.object({
  businessId: idParam(),
  serviceId: idParam(boardMsg.serviceNotFound),
  year,
  month,
});

const StateRefSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  fromState: StateRefSchema.nullable(),
  toState: StateRefSchema.nullable(),
  /** The cell's value before this change (null: none), and after it. */
  fromValue: z.number().nullable(),
  value: z.number().nullable(),
  by: z.string(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export const HistoryResponseSchema = z.object({ rows: z.array(HistoryEntrySchema) });
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

/** 'Javier P.': how the board names who changed a cell. */
export function shortName(name: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${name.trim()} ${initial}.` : name.trim();
}
