import { AGING_BUCKETS } from '../billing.ts';
import { panelMsg, REQUEST_AGE_BUCKETS } from '../messages-panel.ts';
import { z } from '../zod-setup.ts';

const responsible = z
  .union([z.literal('none'), z.coerce.number().int().min(1).max(2_147_483_647)], {
    error: panelMsg.invalidResponsible,
  })
  .optional();

/** ?encargado=: a user id or 'none' (companies without one); absent: every company the reader may see. */
export const PanelResponsibleQuerySchema = z.object({ encargado: responsible });
export type PanelResponsibleQuery = z.output<typeof PanelResponsibleQuerySchema>;

/** GET /api/panel/progress?anio=&mes=&encargado=: a board's period; absent: the current period. */
export const PanelProgressQuerySchema = z.object({
  anio: z.coerce
    .number({ error: panelMsg.invalidYear })
    .int(panelMsg.invalidYear)
    .min(2010, panelMsg.invalidYear)
    .max(2100, panelMsg.invalidYear)
    .optional(),
  mes: z.coerce
    .number({ error: panelMsg.invalidMonth })
    .int(panelMsg.invalidMonth)
    .min(1, panelMsg.invalidMonth)
    .max(12, panelMsg.invalidMonth)
    .optional(),
  encargado: responsible,
});
export type PanelProgressQuery = z.output<typeof PanelProgressQuerySchema>;

/** One service of the period with how many companies are at each of its states (the board's cells). */
export const PanelServiceProgressSchema = z.object({
  serviceId: z.number().int(),
  name: z.string(),
  states: z.array(
    z.object({
      stateId: z.number().int(),
      name: z.string(),
      /** The board's colour of the state (a Mantine colour name or a CSS colour). */
      color: z.string(),
      count: z.number().int(),
    }),
  ),
  /** Cells where the service applies (the sum of the states' counts). */
  total: z.number().int(),
});
export const PanelProgressSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  /** The filter applied: a user id, 'none', or null (every company the reader may see). */
  responsible: z.union([z.number().int(), z.literal('none')]).nullable(),
  services: z.array(PanelServiceProgressSchema),
});
export type PanelProgress = z.infer<typeof PanelProgressSchema>;

/** One period's cells: done by their due date, done after it, not done past it, and not due yet. */
export const PanelPunctualityMonthSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
  overdue: z.number().int(),
  pending: z.number().int(),
});
export const PanelPunctualitySchema = z.object({
  today: z.string(),
  responsible: z.union([z.number().int(), z.literal('none')]).nullable(),
  /** The last 12 periods, oldest first, ending at the current one. */
  months: z.array(PanelPunctualityMonthSchema),
});
export type PanelPunctuality = z.infer<typeof PanelPunctualitySchema>;

/** One 'Encargado' (null: companies without one) and their open cells of the current period. */
export const PanelWorkloadRowSchema = z.object({
  responsibleUserId: z.number().int().nullable(),
  name: z.string(),
  pending: z.number().int(),
  dueThisWeek: z.number().int(),
  late: z.number().int(),
});
export const PanelWorkloadSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  today: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  rows: z.array(PanelWorkloadRowSchema),
});
export type PanelWorkload = z.infer<typeof PanelWorkloadSchema>;

export const PanelRequestAgeSchema = z.object({
  today: z.string(),
  responsible: z.union([z.number().int(), z.literal('none')]).nullable(),
  buckets: z.array(
    z.object({
      key: z.enum(REQUEST_AGE_BUCKETS.map((bucket) => bucket.key) as [string, ...string[]]),
      label: z.string(),
      count: z.number().int(),
      /** The period ('YYYY-MM') holding most of the requests counted (the list to open); null when none. */
      period: z.string().nullable(),
    }),
  ),
});
export type PanelRequestAge = z.infer<typeof PanelRequestAgeSchema>;

export const PanelBillingSchema = z.object({
  today: z.string(),
  /** The last 12 calendar months, oldest first: issued charges' totals by issue month, confirmed payments by date. */
  months: z.array(
    z.object({ year: z.number().int(), month: z.number().int(), billed: z.number(), collected: z.number() }),
  ),
  /** What is open now by the aging of each charge's due date (the collections list's totals). */
  aging: z.array(z.object({ bucket: z.enum(AGING_BUCKETS), label: z.string(), amount: z.number() })),
});
export type PanelBilling = z.infer<typeof PanelBillingSchema>;
