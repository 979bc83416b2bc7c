import { idParams, optionalText } from '../fields.ts';
import { reportMsg } from '../messages-report.ts';
import { BOARD_MIN_YEAR } from '../period.ts';
import { formatRut, isValidRut } from '../rut.ts';
import { z } from '../zod-setup.ts';

/** ?anio=&mes=: the report's period (a month up to the current period). */
export const MonthlyReportQuerySchema = z.object({
  anio: z.coerce
    .number({ error: reportMsg.invalidYear })
    .int(reportMsg.invalidYear)
    .min(BOARD_MIN_YEAR, reportMsg.invalidYear)
    .max(2100, reportMsg.invalidYear),
  mes: z.coerce
    .number({ error: reportMsg.invalidMonth })
    .int(reportMsg.invalidMonth)
    .min(1, reportMsg.invalidMonth)
    .max(12, reportMsg.invalidMonth),
});
export type MonthlyReportQuery = z.output<typeof MonthlyReportQuerySchema>;
export const MonthlyReportParamsSchema = idParams('businessId');

/** The latest day of the month the report can go out on (every month has it). */
export const REPORT_DAY_MAX = 28;
/** The logo's largest size: it is drawn small on every report and statement. */
export const FIRM_LOGO_MAX_KB = 512;

/** PUT /api/firm/settings: the firm's identity and the monthly report's e-mail day (null: not e-mailed). */
export const FirmSettingsSaveSchema = z.object({
  name: optionalText(200),
  rut: optionalText(30).transform((value, ctx) => {
    if (!value) return '';
    const formatted = formatRut(value);
    if (!isValidRut(formatted)) {
      ctx.addIssue({ code: 'custom', message: reportMsg.invalidRut });
      return z.NEVER;
    }
    return formatted;
  }),
  address: optionalText(300),
  monthlyReportDay: z
    .number({ error: reportMsg.invalidReportDay })
    .int(reportMsg.invalidReportDay)
    .min(1, reportMsg.invalidReportDay)
    .max(REPORT_DAY_MAX, reportMsg.invalidReportDay)
    .nullable(),
});
export type FirmSettingsSave = z.input<typeof FirmSettingsSaveSchema>;

/** GET /api/firm/settings. */
export const FirmSettingsSchema = z.object({
  name: z.string(),
  rut: z.string(),
  address: z.string(),
  /** Whether a logo is stored (GET /api/firm/logo answers it); its content type. */
  logo: z.object({ contentType: z.enum(['image/png', 'image/jpeg']), size: z.number().int() }).nullable(),
  monthlyReportDay: z.number().int().nullable(),
  /** Whether SMTP_URL is set: without it the e-mailed reports stay in the local outbox. */
  mailConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type FirmSettings = z.infer<typeof FirmSettingsSchema>;
export const FirmSettingsSavedSchema = z.object({ message: z.string(), settings: FirmSettingsSchema });
