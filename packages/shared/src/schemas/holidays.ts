import { calendarDate, idParams, requiredText } from '../fields.ts';
import { holidaysMsg } from '../messages-holidays.ts';
import { z } from '../zod-setup.ts';

/** The longest name of an extra holiday; the input stops here. */
export const FIRM_HOLIDAY_NAME_MAX = 100;

/** POST /api/holidays: a day from 2000 on and its name ('Feriados adicionales'). */
export const FirmHolidayCreateSchema = z.object({
  date: calendarDate(holidaysMsg.required, holidaysMsg.invalidDate).refine((value) => value >= '2000-01-01', {
    message: holidaysMsg.outOfRange,
  }),
  name: requiredText(holidaysMsg.required, FIRM_HOLIDAY_NAME_MAX, holidaysMsg.nameTooLong),
});
export type FirmHolidayCreate = z.input<typeof FirmHolidayCreateSchema>;

export const FirmHolidayParamSchema = idParams('holidayId');

/** One extra holiday as the API answers it. */
export const FirmHolidaySchema = z.object({ id: z.number().int(), date: z.string(), name: z.string() });
export type FirmHoliday = z.infer<typeof FirmHolidaySchema>;
/** GET /api/holidays: by date. */
export const FirmHolidayListSchema = z.array(FirmHolidaySchema);
export type FirmHolidayList = z.infer<typeof FirmHolidayListSchema>;
export const FirmHolidayResponseSchema = z.object({ message: z.string(), holiday: FirmHolidaySchema });
