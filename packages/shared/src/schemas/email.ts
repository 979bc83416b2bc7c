import { idField, idParam, requiredText } from '../fields.ts';
import { boardMsg } from '../messages-board.ts';
import { z } from '../zod-setup.ts';
import { isContactEmail, splitContacts } from './businesses.ts';

/** Recipients as a list or as 'a@b.cl,c@d.cl' (joined with commas and split again); each must be valid. */
export const RecipientsSchema = z
  .union([z.string().max(5000, boardMsg.invalidEmail), z.array(z.string().max(254, boardMsg.invalidEmail)).max(50)], {
    error: boardMsg.required,
  })
  .transform((value) => (Array.isArray(value) ? value.flatMap(splitContacts) : splitContacts(value)))
  .refine((addresses) => addresses.length > 0, { message: boardMsg.required, abort: true })
  .refine((addresses) => addresses.every(isContactEmail), { message: boardMsg.invalidEmail, abort: true })
  .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))]);

/** POST /api/utils/send-email: the send-e-mail modal's recipients, subject and content, all required. */
export const SendEmailSchema = z.object({
  subject: requiredText(boardMsg.required, 255),
  content: requiredText(boardMsg.required, 50_000),
  businessId: idField().nullish(),
  emails: RecipientsSchema,
});
export type SendEmail = z.input<typeof SendEmailSchema>;

/**
 * Where a message went: 'sent' to the SMTP server, 'outbox' kept in the server's local outbox
 * because SMTP_URL is unset (nobody received it), 'failed' refused by the provider.
 */
export const EmailDeliverySchema = z.enum(['sent', 'outbox', 'failed']);
export type EmailDelivery = z.infer<typeof EmailDeliverySchema>;

/** An e-mail log entry: the provider's answer is kept whether the send worked or not. */
export const EmailLogEntrySchema = z.object({
  id: z.number().int(),
  business: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subject: z.string(),
  emails: z.string(),
  content: z.string(),
  ok: z.boolean(),
  delivery: EmailDeliverySchema,
  providerResponse: z.string(),
  /** Who sent it (null for the scheduler's notifications, or a deleted user). */
  sentBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type EmailLogEntry = z.infer<typeof EmailLogEntrySchema>;

/** A send that the server took: 'outbox' when mail is not configured and the message only was kept. */
export const SendEmailResponseSchema = z.object({
  message: z.string(),
  delivery: z.enum(['sent', 'outbox']),
  email: EmailLogEntrySchema,
});
export type SendEmailResponse = z.infer<typeof SendEmailResponseSchema>;

export const EMAIL_LOG_PAGE_SIZE = 30;

/** GET /api/email?page=&size=&businessId= (page from 1). */
export const EmailLogQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'La página no es válida' })
    .int('La página no es válida')
    .min(1, 'La página no es válida')
    .max(100_000, 'La página no es válida')
    .default(1),
  size: z.coerce
    .number({ error: 'El tamaño no es válido' })
    .int('El tamaño no es válido')
    .min(1, 'El tamaño no es válido')
    .max(100, 'El tamaño no es válido')
    .default(EMAIL_LOG_PAGE_SIZE),
  businessId: idParam().optional(),
});
/**
 * GET /api/email/export: the filters of GET /api/email (the page's company), without the page:
 * every matching entry, newest first.
 */
export const EmailLogExportQuerySchema = EmailLogQuerySchema.pick({ businessId: true });
export type EmailLogExportQuery = z.input<typeof EmailLogExportQuerySchema>;

/** The e-mail log's workbook, named by the day in Santiago it was taken: `correos-2026-11-24.xlsx`. */
export const emailLogExportName = (day: string) => `correos-${day}.xlsx`;

export const EmailLogPageSchema = z.object({ count: z.number().int(), rows: z.array(EmailLogEntrySchema) });
export type EmailLogPage = z.infer<typeof EmailLogPageSchema>;

/** GET /api/email/status (owners): whether mail leaves the server and e-mailed links name a public address. */
export const EmailStatusSchema = z.object({ mailConfigured: z.boolean(), appUrlConfigured: z.boolean() });
export type EmailStatus = z.infer<typeof EmailStatusSchema>;
