import { calendarDate, plainText } from '../fields.ts';
import { taxCalendarMsg } from '../messages-tax-calendar.ts';
import { TAX_YEAR_KEY_PATTERN, TAX_YEAR_MAX, TAX_YEAR_MIN } from '../tax-year-calendar.ts';
import { z } from '../zod-setup.ts';

const taxYear = z.coerce
  .number({ error: taxCalendarMsg.invalidYear })
  .int(taxCalendarMsg.invalidYear)
  .min(TAX_YEAR_MIN, taxCalendarMsg.invalidYear)
  .max(TAX_YEAR_MAX, taxCalendarMsg.invalidYear);

export const TAX_CALENDAR_TEXT_MAX = 500;

export const TaxYearParamsSchema = z.object({ year: taxYear });
export const TaxYearKeyParamsSchema = z.object({
  year: taxYear,
  key: plainText(taxCalendarMsg.invalidKey).regex(TAX_YEAR_KEY_PATTERN, taxCalendarMsg.invalidKey),
});

export const TaxYearEntrySchema = z.object({
  key: z.string(),
  /** What the key is ('DJ 1887 Sueldos…'), or the key itself for one the firm added. */
  label: z.string(),
  taxYear: z.number().int(),
  date: z.string(),
  confirmed: z.boolean(),
  source: z.string().nullable(),
  note: z.string().nullable(),
  origin: z.enum(['shipped', 'edited', 'added']),
  shippedDate: z.string().nullable(),
});
export type TaxYearEntryView = z.infer<typeof TaxYearEntrySchema>;

/** GET /api/tax-calendar/years/{year}: the year's dates, the shipped ones with the firm's edits over them. */
export const TaxYearListSchema = z.object({ taxYear: z.number().int(), entries: z.array(TaxYearEntrySchema) });
export type TaxYearList = z.infer<typeof TaxYearListSchema>;

const optionalLongText = (message: string) =>
  plainText()
    .trim()
    .max(TAX_CALENDAR_TEXT_MAX, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** PUT /api/tax-calendar/years/{year}/dates/{key}: the firm's date for a key in that tax year. */
export const TaxYearDateInputSchema = z.object({
  date: calendarDate(taxCalendarMsg.invalidDate, taxCalendarMsg.invalidDate),
  confirmed: z.boolean({ error: taxCalendarMsg.invalidDate }),
  source: optionalLongText(taxCalendarMsg.sourceTooLong),
  note: optionalLongText(taxCalendarMsg.noteTooLong),
});
export type TaxYearDateInput = z.output<typeof TaxYearDateInputSchema>;

export const TaxYearSavedSchema = z.object({ message: z.string(), entry: TaxYearEntrySchema.nullable() });

export const TaxYearImportLineSchema = z.object({
  line: z.number().int(),
  key: z.string().nullable(),
  date: z.string().nullable(),
  confirmed: z.boolean(),
  source: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(['new', 'changed', 'unchanged', 'invalid']),
  /** The date in force a 'changed' line replaces. */
  previous: z.string().nullable(),
  error: z.string().nullable(),
});
export type TaxYearImportLine = z.infer<typeof TaxYearImportLineSchema>;
export const TaxYearImportPreviewSchema = z.object({
  lines: z.array(TaxYearImportLineSchema),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    invalid: z.number().int(),
  }),
});
export type TaxYearImportPreview = z.infer<typeof TaxYearImportPreviewSchema>;
export const TaxYearImportResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export const TaxYearImportErrorSchema = z.object({ message: z.string(), lines: z.array(TaxYearImportLineSchema) });

// The month grid -----------------------------------------------------------------------------------

/** GET /api/tax-calendar/month?anio=&mes=&encargado=: 'encargado' a user id or 'none'; absent: every company. */
export const TaxCalendarMonthQuerySchema = z.object({
  anio: z.coerce
    .number({ error: taxCalendarMsg.invalidYear })
    .int(taxCalendarMsg.invalidYear)
    .min(2010, taxCalendarMsg.invalidYear)
    .max(TAX_YEAR_MAX, taxCalendarMsg.invalidYear),
  mes: z.coerce
    .number({ error: taxCalendarMsg.invalidMonth })
    .int(taxCalendarMsg.invalidMonth)
    .min(1, taxCalendarMsg.invalidMonth)
    .max(12, taxCalendarMsg.invalidMonth),
  encargado: z
    .union([z.literal('none'), z.coerce.number().int().min(1).max(2_147_483_647)], {
      error: taxCalendarMsg.invalidResponsible,
    })
    .optional(),
});
export type TaxCalendarMonthQuery = z.output<typeof TaxCalendarMonthQuerySchema>;

/** One obligation due on a day: a service's period (paper or online filers), or an annual date without a service. */
export const TaxObligationSchema = z.object({
  date: z.string(),
  kind: z.enum(['service', 'annual']),
  /** The service (kind 'service'), else null. */
  serviceId: z.number().int().nullable(),
  /** The annual key (an annual service's catalogueKey, or an annual date's key), else null. */
  key: z.string().nullable(),
  name: z.string(),
  /** Which companies: those filing online, on paper, or all of them (one date for both). */
  filing: z.enum(['electronic', 'paper', 'all']).nullable(),
  /** The period the work belongs to (the board to open). */
  year: z.number().int(),
  month: z.number().int(),
  done: z.number().int(),
  pending: z.number().int(),
  late: z.number().int(),
  /** The service's last state (done), for the board's state filter; null without one. */
  doneStateId: z.number().int().nullable(),
});
export type TaxObligation = z.infer<typeof TaxObligationSchema>;

export const TaxCalendarMonthSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  /** The day in Santiago lateness is judged on. */
  today: z.string(),
  /** Monday and Sunday of today's week. */
  weekStart: z.string(),
  weekEnd: z.string(),
  /** The month's obligations by date. */
  obligations: z.array(TaxObligationSchema),
  /** Today's week's obligations by date (whatever month is shown). */
  week: z.array(TaxObligationSchema),
});
export type TaxCalendarMonth = z.infer<typeof TaxCalendarMonthSchema>;

// The calendar feed ----------------------------------------------------------------------------------

/** GET/POST /api/profile/calendar-feed: whether the user has a feed address, and it (relative). */
export const CalendarFeedStatusSchema = z.object({
  active: z.boolean(),
  /** '/api/calendar-feed/<token>.ics', or null when there is none. */
  path: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;
export const CalendarFeedSavedSchema = CalendarFeedStatusSchema.extend({ message: z.string() });

/** POST /api/profile/calendar-feed: nothing to send (an empty object), a new address is made. */
export const CalendarFeedCreateSchema = z.object({});
