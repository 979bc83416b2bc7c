import { idField } from '../fields.ts';
import { msg } from '../messages.ts';
import { boardMsg } from '../messages-board.ts';
import { z } from '../zod-setup.ts';
import { BoardCellChangeSchema, MonthlyStateUpdateSchema } from './monthly-states.ts';

/** Most companies one bulk change may name. */
export const BULK_MAX = 2000;

/**
 * PUT /api/monthly-states/year/{year}/month/{month}/bulk: one service's state (and its
 * value, asked once, for a state with a value) for every company named. One transaction, one history
 * row per cell; a company where the service does not apply that month is skipped and counted.
 */
export const MonthlyStateBulkSchema = z.object({
  serviceId: MonthlyStateUpdateSchema.shape.serviceId,
  stateId: MonthlyStateUpdateSchema.shape.stateId,
  optionalValue: MonthlyStateUpdateSchema.shape.optionalValue,
  businessIds: z
    .array(idField(), {
      error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : boardMsg.bulkNoCompanies),
    })
    .min(1, boardMsg.bulkNoCompanies)
    .max(BULK_MAX, boardMsg.bulkTooMany)
    .refine((ids) => new Set(ids).size === ids.length, boardMsg.bulkRepeated),
});
export type MonthlyStateBulk = z.input<typeof MonthlyStateBulkSchema>;

/**
 * The answer ('12 actualizadas, 1 ya tenía ese estado, 3 no aplican'): `unchanged` counts the
 * companies whose cell already had that state and value (nothing written for them); and the payload of the one socket event of the
 * change, `boardBulkEventName`: every changed cell as the single change carries it.
 */
export const MonthlyStateBulkResponseSchema = z.object({
  message: z.string(),
  updated: z.number().int(),
  skipped: z.number().int(),
  unchanged: z.number().int(),
  changes: z.array(BoardCellChangeSchema),
});
export type MonthlyStateBulkResponse = z.infer<typeof MonthlyStateBulkResponseSchema>;
export const MonthlyStateBulkEventSchema = z.object({ changes: z.array(BoardCellChangeSchema) });
export type MonthlyStateBulkEvent = z.infer<typeof MonthlyStateBulkEventSchema>;

/** The realtime event of a bulk change of a month's board: one message for all its cells. */
export const boardBulkEventName = (period: { year: number; month: number }) =>
  `update states ${period.month}/${period.year}`;
