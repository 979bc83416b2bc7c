import { activityActionList, activityKindList } from '../activity.ts';
import { calendarDate, idParam } from '../fields.ts';
import { activityMsg } from '../messages-trust.ts';
import { z } from '../zod-setup.ts';

/** The filters of GET /api/activity and of its CSV, each optional. */
const activityFilterFields = {
  userId: idParam().optional(),
  businessId: idParam().optional(),
  kind: z.enum(activityKindList, { error: activityMsg.invalidKind }).optional(),
  /** Calendar dates in America/Santiago, both included. */
  from: calendarDate(activityMsg.invalidDate, activityMsg.invalidDate).optional(),
  to: calendarDate(activityMsg.invalidDate, activityMsg.invalidDate).optional(),
};

const rangeInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const rangeError = { message: activityMsg.invalidRange, path: ['to'] };

/**
 * GET /api/activity: the filters and the keyset cursor, the id of the last entry of the page before
 * (entries come newest first: `at` then `id`, descending).
 */
export const ActivityQuerySchema = z
  .object({
    ...activityFilterFields,
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, activityMsg.invalidCursor)
      .optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine(rangeInOrder, rangeError);

/** GET /api/activity/export: the same filters, every matching entry (no cursor, no limit). */
export const ActivityExportQuerySchema = z.object(activityFilterFields).refine(rangeInOrder, rangeError);
export type ActivityExportQuery = z.input<typeof ActivityExportQuerySchema>;
export type ActivityQuery = z.input<typeof ActivityQuerySchema>;

export const ActivityEntrySchema = z.object({
  id: z.number(),
  /** ISO timestamp (UTC). */
  at: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  kind: z.enum(activityKindList),
  action: z.enum(activityActionList),
  recordId: z.string().nullable(),
  recordLabel: z.string().nullable(),
  businessId: z.number().nullable(),
  businessName: z.string().nullable(),
  details: z
    .object({
      before: z.record(z.string(), z.unknown()).optional(),
      after: z.record(z.string(), z.unknown()).optional(),
    })
    .nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityPageSchema = z.object({
  rows: z.array(ActivityEntrySchema),
  /** The cursor of the next (older) page, or null at the end. */
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

/** The CSV's file name on a day ('YYYY-MM-DD', Santiago): actividad-YYYY-MM-DD.csv. */
export const activityExportName = (day: string) => `actividad-${day}.csv`;
