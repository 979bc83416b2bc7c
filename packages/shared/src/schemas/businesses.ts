import { santiagoDate } from '../current-period.ts';
import { calendarDate, idField, newPassword, plainText, requiredText as requiredTextOf } from '../fields.ts';
import { companiesMsg } from '../messages-companies.ts';
import { formatRut, isValidRut } from '../rut.ts';
import { TAX_REGIMES } from '../tax-catalogue.ts';
import { z } from '../zod-setup.ts';
import { CredentialSummarySchema } from './credentials.ts';
import { BusinessServiceOfBusinessSchema } from './services.ts';
import { UserSchema } from './users.ts';

/** The longest company name, company name (razón social) or legal representative; the form's inputs stop here. */
export const BUSINESS_TEXT_MAX = 200;
const text = requiredTextOf(companiesMsg.required, BUSINESS_TEXT_MAX, companiesMsg.tooLong(BUSINESS_TEXT_MAX));

/** A calendar date 'YYYY-MM-DD' (no time zone), required, between 1900 and 2100. */
export const ContractDateSchema = calendarDate(companiesMsg.required, companiesMsg.invalidDate);

/** Any RUT spelling; answers the normalised form `12.345.678-5` or fails with 'No es un rut valido'. */
export const RutSchema = requiredTextOf(companiesMsg.required, 30, companiesMsg.invalidRut)
  .transform(formatRut)
  .refine(isValidRut, { message: companiesMsg.invalidRut, abort: true });

const emailCheck = z.email();

/** True when one contact address is a valid e-mail (the form marks the invalid tags with it). */
export function isContactEmail(value: string): boolean {
  return emailCheck.safeParse(value.trim()).success;
}

/** Splits the stored 'a@b.cl,c@d.cl' (or a typed list with blanks or semicolons) into addresses. */
export function splitContacts(contact: string): string[] {
  return contact
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/**
 * Contact addresses, as the comma-separated text the API carries or as the form's list of tags.
 * Every address must be a valid e-mail; answers 'a@b.cl,c@d.cl' (lower case, no blanks, no repeats).
 */
export const ContactSchema = z
  .union(
    [
      plainText().max(5000, companiesMsg.tooLong(5000)),
      z.array(plainText().max(254, companiesMsg.invalidEmail)).max(100, companiesMsg.tooManyContacts),
    ],
    {
      error: companiesMsg.required,
    },
  )
  .transform((value) => (Array.isArray(value) ? value.flatMap(splitContacts) : splitContacts(value)))
  .refine((addresses) => addresses.length > 0, { message: companiesMsg.required, abort: true })
  .refine((addresses) => addresses.every(isContactEmail), { message: companiesMsg.invalidEmail, abort: true })
  .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))].join(','))
  .pipe(z.string().max(1000, companiesMsg.tooLong(1000)));

/** The earliest 'Seguimiento desde' month. */
export const TRACKING_SINCE_MIN = '2000-01';

/** The latest 'Seguimiento desde' month on a day: the month after it (Santiago), as 'YYYY-MM'. */
export function trackingSinceMax(now: Date = new Date()): string {
  const [year = 0, month = 0] = santiagoDate(now).split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/**
 * 'Seguimiento desde': the first month the firm tracks the company, 'YYYY-MM' (a month picker's
 * 'YYYY-MM-DD' is read as its month), from January 2000 to next month; empty or null means none
 * (tracked since the contract start). Before it the company's cells are 'N/A'.
 */
export const TrackingSinceSchema = z
  .union([z.string(), z.null()], { error: companiesMsg.trackingSinceInvalid })
  .transform((value) => (value === null ? '' : value.trim()))
  .refine((value) => value === '' || /^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/.test(value), {
    message: companiesMsg.trackingSinceInvalid,
    abort: true,
  })
  .transform((value) => (value === '' ? null : value.slice(0, 7)))
  .refine((value) => value === null || value >= TRACKING_SINCE_MIN, {
    message: companiesMsg.trackingSinceTooEarly,
    abort: true,
  })
  .refine((value) => value === null || value <= trackingSinceMax(), { message: companiesMsg.trackingSinceTooLate });

const businessFields = {
  name: text,
  razonSocial: text,
  rut: RutSchema,
  startContract: ContractDateSchema,
  endContract: ContractDateSchema,
  legalRepresentative: text,
  contact: ContactSchema,
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** Only compared once both dates are well formed (a malformed one already has its own message). */
function contractInOrder(value: { startContract: string; endContract: string }) {
  if (!isoDate.test(value.startContract) || !isoDate.test(value.endContract)) return true;
  return value.endContract >= value.startContract;
}
const contractOrder = { message: companiesMsg.endBeforeStart, path: ['endContract'] };

/** The company's owner among the staff ('Encargado'), or null for none. */
const responsibleUserId = idField(companiesMsg.responsibleNotStaff).nullable();
const electronicFiling = z.boolean({ error: companiesMsg.electronicFilingInvalid });
/** 'Régimen tributario': one of TAX_REGIMES, or null (also '' from the form) while not set. */
const taxRegime = z.union([z.literal('').transform(() => null), z.null(), z.enum(TAX_REGIMES)], {
  error: companiesMsg.taxRegimeInvalid,
});
const hasEmployees = z.boolean({ error: companiesMsg.hasEmployeesInvalid });
const vatDeferred = z.boolean({ error: companiesMsg.vatDeferredInvalid });

/**
 * The company form and POST /api/business: every original field required; electronicFiling
 * (default true: most companies declare and pay online) and the owner (default none) optional.
 */
export const BusinessCreateSchema = z
  .object({
    ...businessFields,
    electronicFiling: electronicFiling.default(true),
    responsibleUserId: responsibleUserId.default(null),
    taxRegime: taxRegime.default(null),
    hasEmployees: hasEmployees.default(false),
    vatDeferred: vatDeferred.default(false),
    trackingSince: TrackingSinceSchema.default(null),
  })
  .refine(contractInOrder, contractOrder);
export type BusinessCreate = z.input<typeof BusinessCreateSchema>;
export type BusinessCreateOutput = z.output<typeof BusinessCreateSchema>;

/**
 * PUT /api/business/{id}: the same fields (extra keys such as id, services or users are ignored);
 * electronicFiling, responsibleUserId, the tax profile and trackingSince left out keep their stored value.
 */
export const BusinessUpdateSchema = z
  .object({
    ...businessFields,
    electronicFiling: electronicFiling.optional(),
    responsibleUserId: responsibleUserId.optional(),
    taxRegime: taxRegime.optional(),
    hasEmployees: hasEmployees.optional(),
    vatDeferred: vatDeferred.optional(),
    trackingSince: TrackingSinceSchema.optional(),
  })
  .refine(contractInOrder, contractOrder);
export type BusinessUpdate = z.input<typeof BusinessUpdateSchema>;
export type BusinessUpdateOutput = z.output<typeof BusinessUpdateSchema>;

/** A company as the API answers it. endContract is null only for companies loaded before it was required. */
export const BusinessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  razonSocial: z.string(),
  rut: z.string(),
  startContract: z.string(),
  endContract: z.string().nullable(),
  legalRepresentative: z.string(),
  contact: z.string(),
  /** Declares and pays online: the services' electronic due day applies. */
  electronicFiling: z.boolean(),
  /** The staff member who owns the company ('Encargado'), or null. */
  responsibleUserId: z.number().int().nullable(),
  /** Its tax profile: 'Régimen tributario' (null: not set), 'Tiene trabajadores', 'IVA postergado'. */
  taxRegime: z.enum(TAX_REGIMES).nullable(),
  hasEmployees: z.boolean(),
  vatDeferred: z.boolean(),
  /** 'Seguimiento desde' ('YYYY-MM'): before it the company's cells are 'N/A'; null since the contract start. */
  trackingSince: z.string().nullable(),
});
export type Business = z.infer<typeof BusinessSchema>;
export const BusinessListSchema = z.array(BusinessSchema);
export type BusinessList = z.infer<typeof BusinessListSchema>;

/**
 * GET /api/business/{id}: the company with its service links (one row per service, linked or not),
 * its client users and its credentials without the password (fetched with GET /api/password).
 */
export const BusinessDetailSchema = BusinessSchema.extend({
  services: z.array(BusinessServiceOfBusinessSchema),
  users: z.array(UserSchema),
  passwords: z.array(CredentialSummarySchema),
});
export type BusinessDetail = z.infer<typeof BusinessDetailSchema>;

export const BusinessDetailResponseSchema = z.object({ business: BusinessDetailSchema });
export type BusinessDetailResponse = z.infer<typeof BusinessDetailResponseSchema>;
export const BusinessResponseSchema = z.object({ message: z.string(), business: BusinessSchema });
export type BusinessResponse = z.infer<typeof BusinessResponseSchema>;

// ---------------------------------------------------------------- client users (company user form)

const clientPassword = newPassword(companiesMsg.clientPasswordMin);

const clientUserFields = {
  name: text,
  lastName: text,
  email: requiredTextOf(companiesMsg.required, 254, companiesMsg.invalidEmail)
    .pipe(z.email(companiesMsg.invalidEmail))
    .transform((value) => value.toLowerCase()),
  role: z.literal('client').default('client'),
  businessId: idField(companiesMsg.businessNotFound),
};

/**
 * The company user form: name, lastName and email required, password of 8 or more (optional on edit).
 * The web sends the result to POST /api/user (role 'client' and the company's businessId).
 */
export const BusinessUserCreateSchema = z.object({ ...clientUserFields, password: clientPassword });
export type BusinessUserCreate = z.input<typeof BusinessUserCreateSchema>;

/** Edit: an empty password is omitted (keeps the current one). Sent to PUT /api/user/{id}. */
export const BusinessUserUpdateSchema = z.object({
  ...clientUserFields,
  password: z
    .union([z.literal(''), clientPassword])
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type BusinessUserUpdate = z.input<typeof BusinessUserUpdateSchema>;

// ---------------------------------------------------------------- owners ('Encargado')

/** A staff member a company may be given as its owner (GET /api/business/responsible-options). */
export const ResponsibleOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type ResponsibleOption = z.infer<typeof ResponsibleOptionSchema>;
export const ResponsibleOptionListSchema = z.array(ResponsibleOptionSchema);
export type ResponsibleOptionList = z.infer<typeof ResponsibleOptionListSchema>;

// ---------------------------------------------------------------- export

/** Most companies one export of the list may name (a firm's whole list fits many times over). */
export const BUSINESS_EXPORT_MAX = 10_000;

/**
 * POST /api/business/export: the companies the list shows (after its search and filters), in the
 * order shown. An id naming no company (deleted meanwhile) is left out; a repeated id is written once.
 */
export const BusinessExportSchema = z.object({
  ids: z
    .array(idField(companiesMsg.exportIds), { error: companiesMsg.exportIds })
    .min(1, companiesMsg.exportEmpty)
    .max(BUSINESS_EXPORT_MAX, companiesMsg.exportTooMany),
});
export type BusinessExport = z.input<typeof BusinessExportSchema>;

/** The file name of the companies list's workbook. */
export const BUSINESS_EXPORT_FILE_NAME = 'empresas.xlsx';
