import { z } from '../zod-setup.ts';

/** The template's file name (GET /api/business/import/template). */
export const IMPORT_TEMPLATE_FILE_NAME = 'plantilla-empresas.xlsx';

/**
 * The template's fixed headers, in order; then one column per service, named as the service,
 * holding the link's start month 'MM-YYYY' (empty: not linked, or for a known RUT, unchanged).
 * Required: every one but Grupo, Encargado and Seguimiento desde (those columns may be absent or
 * empty; 'Seguimiento desde' is a month 'MM-YYYY', empty: none for a new company, unchanged for a known RUT).
 */
export const IMPORT_HEADERS = {
  name: 'Nombre',
  razonSocial: 'Razón social',
  rut: 'RUT',
  legalRepresentative: 'Representante legal',
  contact: 'Contactos',
  startContract: 'Inicio de contrato',
  endContract: 'Fin de contrato',
  group: 'Grupo',
  responsible: 'Encargado',
  trackingSince: 'Seguimiento desde',
} as const;
export type ImportColumn = keyof typeof IMPORT_HEADERS;
export const IMPORT_REQUIRED_COLUMNS: readonly ImportColumn[] = [
  'name',
  'razonSocial',
  'rut',
  'legalRepresentative',
  'contact',
  'startContract',
  'endContract',
];

/** One service link of an imported company: the service and its start date (first of the month). */
export const ImportServiceLinkSchema = z.object({
  serviceId: z.number().int(),
  serviceName: z.string(),
  /** 'YYYY-MM-01'. */
  startDate: z.string(),
});
export type ImportServiceLink = z.infer<typeof ImportServiceLinkSchema>;

/**
 * One value an update would change: the sheet's column ('Razón social', 'Contactos', a service's
 * name…), the company's value now and the one it would get (null: none).
 */
export const ImportChangeSchema = z.object({
  column: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ImportChange = z.infer<typeof ImportChangeSchema>;

/** A valid row of the file, as it will be written. */
export const ImportRowSchema = z.object({
  /** The sheet's row number (the header is row 1). */
  row: z.number().int(),
  /** The company with this RUT already in the firm (an update), or null (a new company). */
  businessId: z.number().int().nullable(),
  name: z.string(),
  razonSocial: z.string(),
  /** Normalised '12.345.678-5'. */
  rut: z.string(),
  legalRepresentative: z.string(),
  /**
   * 'a@b.cl,c@d.cl'. On an update, the company's contacts and then the row's new ones: an import
   * adds contacts and never removes one.
   */
  contact: z.string(),
  /** 'YYYY-MM-DD'. */
  startContract: z.string(),
  endContract: z.string(),
  /** The group's name (created when the firm has none by that name), or null for no group. */
  group: z.string().nullable(),
  /** The owner ('Encargado') among the staff, or null: none (new) / unchanged (update). */
  responsibleUserId: z.number().int().nullable(),
  responsibleName: z.string().nullable(),
  /** 'Seguimiento desde' ('YYYY-MM'), or null: none (new) / unchanged (update). */
  trackingSince: z.string().nullable(),
  /** The service columns filled in this row. */
  services: z.array(ImportServiceLinkSchema),
  /** On an update, every value it changes, old → new, in the sheet's column order (empty for a new company). */
  changes: z.array(ImportChangeSchema),
  /**
   * On an update, the company's name now when the row changes its 'Nombre' or 'Razón social' (the
   * RUT may be another company's by mistake): the confirm writes such a row only when it is named
   * in `confirmedRenames`. Null otherwise.
   */
  renamedFrom: z.string().nullable(),
  /** On such a rename, the company's client users: they see the new name (0 otherwise). */
  clientUsers: z.number().int(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** One problem of one cell: its sheet row (header is 1), its column's header, the form's Spanish message. */
export const ImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** POST /api/business/import/preview (multipart, one file 'file'): nothing is written. */
export const ImportPreviewSchema = z.object({
  create: z.array(ImportRowSchema),
  update: z.array(ImportRowSchema),
  errors: z.array(ImportErrorSchema),
  /** Data rows read (empty rows skipped). */
  total: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** POST /api/business/import/confirm (multipart, the same file): 'Se crearon N empresas y se actualizaron M'. */
export const ImportConfirmSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type ImportConfirm = z.infer<typeof ImportConfirmSchema>;

/**
 * The confirm's field 'confirmedRenames' (before or after the file): the ids of the companies whose
 * change of name was confirmed one by one, comma-separated ('' or absent: none).
 */
export const ImportConfirmedRenamesSchema = z
  .string()
  .max(200_000)
  .regex(/^(\d{1,10}(,\d{1,10})*)?$/)
  .transform((text) => new Set(text === '' ? [] : text.split(',').map(Number)));

/**
 * The 400 of a confirm whose file has errors, and its 409 when a row renames a company without that
 * rename confirmed: the message and every cell's problem; nothing written.
 */
export const ImportConfirmErrorSchema = z.object({
  message: z.string(),
  importErrors: z.array(ImportErrorSchema),
});
export type ImportConfirmError = z.infer<typeof ImportConfirmErrorSchema>;
