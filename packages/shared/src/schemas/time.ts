import { DURATION_PATTERN, parseDuration } from '../duration.ts';
import { calendarDate, idField, idParam, idParams, optionalText, plainText } from '../fields.ts';
import { timeMsg } from '../messages-time.ts';
import { z } from '../zod-setup.ts';

/** The longest note of a time entry. */
export const TIME_NOTE_MAX = 500;
/** A timer stopped after this many minutes (10 h) was probably left running: the answer says so. */
export const LONG_TIMER_MINUTES = 600;
/** The highest hourly cost an owner may set, in whole pesos. */
export const HOURLY_COST_MAX = 10_000_000;
/** The longest range GET /api/time/entries answers, in days. */
export const ENTRIES_RANGE_MAX_DAYS = 366;

const note = optionalText(TIME_NOTE_MAX, timeMsg.noteTooLong);
const optionalId = (message: string) =>
  idField(message)
    .nullish()
    .transform((value) => value ?? null);

/** 'h:mm' → minutes (0:01 to 24:00); anything else is refused naming the format. */
export const durationField = plainText(timeMsg.required)
  .trim()
  .refine((value) => value.length > 0, { message: timeMsg.required, abort: true })
  .refine((value) => DURATION_PATTERN.test(value), { message: timeMsg.durationFormat, abort: true })
  .refine((value) => parseDuration(value).success, { message: timeMsg.durationRange, abort: true })
  .transform((value) => {
    const parsed = parseDuration(value);
    return parsed.success ? parsed.minutes : 0;
  });

const workFields = {
  businessId: idField(timeMsg.invalidBusiness),
  serviceId: optionalId(timeMsg.serviceNotFound),
  taskId: optionalId(timeMsg.taskNotFound),
  note,
};

/** POST /api/time/timer/start: the company worked for, optionally a service or task, a note. */
export const TimerStartSchema = z.object(workFields);
export type TimerStart = z.input<typeof TimerStartSchema>;

/** POST /api/time/timer/stop: no fields. */
export const TimerStopSchema = z.object({});

/** POST and PUT /api/time/entries: a day, an 'h:mm' duration and what it was for. */
export const TimeEntryInputSchema = z.object({
  date: calendarDate(timeMsg.required, timeMsg.invalidDate),
  duration: durationField,
  ...workFields,
});
export type TimeEntryInput = z.input<typeof TimeEntryInputSchema>;

export const TimeEntryParamSchema = idParams('entryId');

const isoDateQuery = (message: string) =>
  z
    .string({ error: message })
    .pipe(z.iso.date(message))
    .refine((value) => value >= '2000-01-01' && value <= '2100-12-31', { message });

/** GET /api/time/entries?desde=&hasta=&usuario=: a range of at most a year; owners may name a user. */
export const TimeEntriesQuerySchema = z
  .object({
    desde: isoDateQuery(timeMsg.invalidDate),
    hasta: isoDateQuery(timeMsg.invalidDate),
    usuario: idParam(timeMsg.invalidUser).optional(),
  })
  .refine(
    (query) =>
      query.hasta >= query.desde &&
      (Date.parse(query.hasta) - Date.parse(query.desde)) / 86_400_000 < ENTRIES_RANGE_MAX_DAYS,
    { message: timeMsg.invalidRange, path: ['hasta'] },
  );
export type TimeEntriesQuery = z.output<typeof TimeEntriesQuerySchema>;

/** GET /api/time/week?semana=YYYY-MM-DD (a Monday)&usuario=. */
export const TimeWeekQuerySchema = z.object({
  semana: isoDateQuery(timeMsg.invalidWeek).refine((value) => new Date(`${value}T00:00:00Z`).getUTCDay() === 1, {
    message: timeMsg.invalidWeek,
  }),
  usuario: idParam(timeMsg.invalidUser).optional(),
});
export type TimeWeekQuery = z.output<typeof TimeWeekQuerySchema>;

/** One time entry as the API answers it; `endedAt` and `minutes` are null while it is the running timer. */
export const TimeEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  taskId: z.number().int().nullable(),
  taskName: z.string().nullable(),
  date: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutes: z.number().int().nullable(),
  note: z.string(),
});
export type TimeEntry = z.infer<typeof TimeEntrySchema>;
export const TimeEntryListSchema = z.array(TimeEntrySchema);
export const TimeEntryResponseSchema = z.object({ message: z.string(), entry: TimeEntrySchema });
export type TimeEntryResponse = z.infer<typeof TimeEntryResponseSchema>;

/** GET /api/time/timer: the signed-in user's running timer, or null. */
export const TimerStateSchema = z.object({ timer: TimeEntrySchema.nullable() });
export type TimerState = z.infer<typeof TimerStateSchema>;
/** Start and stop: the running timer after the change, the entry a stop (or a start) closed. */
export const TimerChangeResponseSchema = z.object({
  message: z.string(),
  timer: TimeEntrySchema.nullable(),
  stopped: TimeEntrySchema.nullable(),
});
export type TimerChangeResponse = z.infer<typeof TimerChangeResponseSchema>;
/** The live event a user's other browsers hear when their timer starts or stops. */
export const TIMER_EVENT = 'time timer';

/** GET /api/time/week: companies × the 7 days (minutes), by company name; totals per row, day and week. */
export const TimeWeekSchema = z.object({
  monday: z.string(),
  userId: z.number().int(),
  days: z.array(z.string()),
  rows: z.array(
    z.object({
      businessId: z.number().int(),
      businessName: z.string(),
      minutes: z.array(z.number().int()),
      total: z.number().int(),
    }),
  ),
  dayTotals: z.array(z.number().int()),
  total: z.number().int(),
  /** The week's entries (finished ones), for editing and deleting. */
  entries: TimeEntryListSchema,
});
export type TimeWeek = z.infer<typeof TimeWeekSchema>;

/** GET /api/time/costs: each staff member's hourly cost (null when not set). */
export const HourlyCostSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  role: z.string(),
  hourlyCost: z.number().int().nullable(),
});
export type HourlyCost = z.infer<typeof HourlyCostSchema>;
export const HourlyCostListSchema = z.array(HourlyCostSchema);

/** PUT /api/time/costs: one staff member's hourly cost in whole pesos, 0 to 10.000.000. */
export const HourlyCostInputSchema = z.object({
  userId: idField(timeMsg.invalidUser),
  hourlyCost: z
    .number({ error: timeMsg.hourlyCostInvalid })
    .int(timeMsg.hourlyCostInvalid)
    .min(0, timeMsg.hourlyCostInvalid)
    .max(HOURLY_COST_MAX, timeMsg.hourlyCostInvalid),
});
export type HourlyCostInput = z.input<typeof HourlyCostInputSchema>;
export const HourlyCostResponseSchema = z.object({ message: z.string(), cost: HourlyCostSchema });

/** GET and PUT /api/time/settings: the reminder 'sin tiempo registrado ayer' (off unless turned on). */
export const TimeSettingsSchema = z.object({ remind: z.boolean({ error: timeMsg.remindInvalid }) });
export type TimeSettings = z.infer<typeof TimeSettingsSchema>;
export const TimeSettingsResponseSchema = TimeSettingsSchema.extend({ message: z.string() });

/** GET /api/panel/profitability?anio=&mes=. */
export const ProfitabilityQuerySchema = z.object({
  anio: z.coerce
    .number({ error: timeMsg.invalidYear })
    .int(timeMsg.invalidYear)
    .min(2000, timeMsg.invalidYear)
    .max(2100, timeMsg.invalidYear),
  mes: z.coerce
    .number({ error: timeMsg.invalidMonth })
    .int(timeMsg.invalidMonth)
    .min(1, timeMsg.invalidMonth)
    .max(12, timeMsg.invalidMonth),
});
export type ProfitabilityQuery = z.output<typeof ProfitabilityQuerySchema>;

/**
 * A company's month: the fee billed (net of its issued charges), the minutes logged, their cost
 * (minutes / 60 × each person's hourly cost, rounded to whole pesos), the margin and its percentage
 * of the fee (null without a fee).
 */
export const ProfitabilityRowSchema = z.object({
  businessId: z.number().int(),
  businessName: z.string(),
  fee: z.number().int(),
  minutes: z.number().int(),
  cost: z.number().int(),
  margin: z.number().int(),
  marginPct: z.number().nullable(),
});
export type ProfitabilityRow = z.infer<typeof ProfitabilityRowSchema>;
export const ProfitabilitySchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  /** Worst margin first. */
  rows: z.array(ProfitabilityRowSchema),
  totals: z.object({
    fee: z.number().int(),
    minutes: z.number().int(),
    cost: z.number().int(),
    margin: z.number().int(),
  }),
  /** Minutes per service in the month (null: without a service), most first. */
  services: z.array(
    z.object({ serviceId: z.number().int().nullable(), serviceName: z.string(), minutes: z.number().int() }),
  ),
  /** Staff who logged time in the month without an hourly cost: their hours cost $0 here. */
  withoutCost: z.array(z.string()),
});
export type Profitability = z.infer<typeof ProfitabilitySchema>;
