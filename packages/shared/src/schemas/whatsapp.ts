import { idParam, plainText } from '../fields.ts';
import { whatsappMsg } from '../messages-whatsapp.ts';
import { z } from '../zod-setup.ts';

/**
 * A Chilean mobile number as E.164 ('+56912345678'), from how people type it: '+56 9 1234 5678',
 * '56912345678', '9 1234 5678', '(+56) 9-1234-5678', '0056 9 1234 5678'. Null when it is not one:
 * another country's number, a landline, too few or too many digits.
 */
export function normalizeChileanMobile(typed: string): string | null {
  const compact = typed.replace(/[\s().-]/g, '');
  const international = /^(\+|00)/.test(compact);
  let digits = compact.replace(/^(\+|00)/, '');
  if (!/^\d+$/.test(digits)) return null;
  if (international || digits.length === 11) {
    if (!digits.startsWith('56')) return null;
    digits = digits.slice(2);
  }
  return /^9\d{8}$/.test(digits) ? `+56${digits}` : null;
}

/** '+56912345678' as people read it: '+56 9 1234 5678'. */
export const formatChileanMobile = (e164: string) =>
  /^\+569\d{8}$/.test(e164) ? `+56 9 ${e164.slice(4, 8)} ${e164.slice(8)}` : e164;

/** A company's WhatsApp number: a Chilean mobile, stored as E.164; empty or null means none. */
export const WhatsAppPhoneSchema = plainText(whatsappMsg.invalidPhone)
  .max(40, whatsappMsg.invalidPhone)
  .nullish()
  .transform((typed, ctx) => {
    if (typed === null || typed === undefined || typed.trim() === '') return null;
    const phone = normalizeChileanMobile(typed);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: whatsappMsg.invalidPhone });
      return z.NEVER;
    }
    return phone;
  });

export const WhatsAppBusinessParamsSchema = z.object({ businessId: idParam() });
export const WhatsAppOutboxParamsSchema = z.object({ id: idParam() });

/** PUT /api/business/{businessId}/whatsapp: the company's number and whether it accepts WhatsApp notices. */
export const WhatsAppContactSaveSchema = z
  .object({
    phone: WhatsAppPhoneSchema,
    optedIn: z.boolean({ error: whatsappMsg.invalidOptIn }),
  })
  .superRefine((value, ctx) => {
    if (value.optedIn && value.phone === null)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: whatsappMsg.phoneRequired });
  });
export type WhatsAppContactSave = z.input<typeof WhatsAppContactSaveSchema>;

/** A company's WhatsApp number and consent, with who last changed the consent and when. */
export const WhatsAppContactSchema = z.object({
  businessId: z.number().int(),
  phone: z.string().nullable(),
  optedIn: z.boolean(),
  /** When and by whom the consent was last turned on or off (null: never). */
  optInChangedAt: z.string().nullable(),
  optInChangedBy: z.string().nullable(),
  /** Whether the server has WhatsApp configured: without it nothing is queued nor sent. */
  configured: z.boolean(),
});
export type WhatsAppContact = z.infer<typeof WhatsAppContactSchema>;

export const WhatsAppContactSavedSchema = z.object({ message: z.string(), contact: WhatsAppContactSchema });

/** What a notice is about: an unread message, a document request due, an approval waiting, a charge overdue. */
export const WHATSAPP_KINDS = ['message', 'request', 'approval', 'charge'] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

/**
 * An outbox row's state: 'pending' (waiting for the sender), 'sending' (claimed by an instance),
 * 'sent' (WhatsApp's API accepted it and answered a message id: not that it was delivered nor read),
 * 'retrying' (a try failed for a passing reason; another is due at `nextAttemptAt`), 'failed' (with
 * the reason; not tried again unless someone presses 'Reintentar').
 */
export const WHATSAPP_STATUSES = ['pending', 'sending', 'sent', 'retrying', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

export const WhatsAppOutboxRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(WHATSAPP_KINDS),
  business: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  phone: z.string(),
  template: z.string(),
  status: z.enum(WHATSAPP_STATUSES),
  attempts: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type WhatsAppOutboxRow = z.infer<typeof WhatsAppOutboxRowSchema>;

/** How many of the outbox's newest rows the settings card lists. */
export const WHATSAPP_OUTBOX_SHOWN = 50;

/** GET /api/whatsapp/status: the channel as configured (never the token), its templates and its newest rows. */
export const WhatsAppStatusSchema = z.object({
  configured: z.boolean(),
  apiVersion: z.string(),
  phoneNumberId: z.string().nullable(),
  language: z.string(),
  templates: z.object({ message: z.string(), request: z.string(), approval: z.string(), charge: z.string() }),
  /** Set while WhatsApp refused the token: sends wait until a new one is configured. */
  attention: z.object({ since: z.string(), reason: z.string() }).nullable(),
  outbox: z.array(WhatsAppOutboxRowSchema),
});
export type WhatsAppChannelStatus = z.infer<typeof WhatsAppStatusSchema>;

export const WhatsAppRetrySavedSchema = z.object({ message: z.string(), row: WhatsAppOutboxRowSchema });
