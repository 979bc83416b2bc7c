import { idField, idParam, optionalText, plainText, requiredText } from '../fields.ts';
import { companiesMsg } from '../messages-companies.ts';
import { z } from '../zod-setup.ts';

/** The portals of a credential, as stored and sent. */
export const PORTALS = ['sii', 'DT', 'previred', 'other'] as const;
export type Portal = (typeof PORTALS)[number];

/** Field limits of a credential; the form's inputs stop at them. */
export const CREDENTIAL_USER_MAX = 200;
export const CREDENTIAL_PASSWORD_MAX = 500;
export const CREDENTIAL_DESCRIPTION_MAX = 500;

/** How a portal is named on screen: the stored values in upper case, 'other' in Spanish. */
export const PORTAL_LABELS: Record<Portal, string> = { sii: 'SII', DT: 'DT', previred: 'PREVIRED', other: 'Otro' };

const credentialFields = {
  user: requiredText(companiesMsg.requiredField, CREDENTIAL_USER_MAX, companiesMsg.tooLong(CREDENTIAL_USER_MAX)),
  portal: z.enum(PORTALS, { error: companiesMsg.requiredField }),
  /** Kept exactly as typed (no trimming): it is someone's portal password. */
  password: plainText(companiesMsg.required)
    .min(1, companiesMsg.required)
    .max(CREDENTIAL_PASSWORD_MAX, companiesMsg.tooLong(CREDENTIAL_PASSWORD_MAX)),
  description: optionalText(CREDENTIAL_DESCRIPTION_MAX, companiesMsg.tooLong(CREDENTIAL_DESCRIPTION_MAX)),
};

/** The password entry form and POST /api/password: user, portal and password required, description optional. */
export const CredentialCreateSchema = z.object({
  ...credentialFields,
  businessId: idField(companiesMsg.businessNotFound),
});
export type CredentialCreate = z.input<typeof CredentialCreateSchema>;

/**
 * PUT /api/password/{id}: the same fields, but the password is optional: omitted or empty keeps the
 * stored one, so the edit form never needs to know it. A credential stays with its company
 * (businessId is ignored).
 */
export const CredentialUpdateSchema = z.object({
  ...credentialFields,
  password: plainText(companiesMsg.required)
    .max(CREDENTIAL_PASSWORD_MAX, companiesMsg.tooLong(CREDENTIAL_PASSWORD_MAX))
    .optional(),
  businessId: z.number().optional(),
});
export type CredentialUpdate = z.input<typeof CredentialUpdateSchema>;

/** GET /api/password?businessId= */
export const CredentialListQuerySchema = z.object({
  businessId: idParam(companiesMsg.businessNotFound),
});
export type CredentialListQuery = z.input<typeof CredentialListQuerySchema>;

/** A credential without its password: the password is only answered by POST /api/password/{id}/reveal. */
export const CredentialSummarySchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  user: z.string(),
  portal: z.enum(PORTALS),
  description: z.string(),
});
export type CredentialSummary = z.infer<typeof CredentialSummarySchema>;

/** Who last showed or copied a credential's password, from the activity log (owners only). */
export const CredentialLastRevealSchema = z.object({
  at: z.string(),
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
});
export type CredentialLastReveal = z.infer<typeof CredentialLastRevealSchema>;

/** A credential of the list: no password; for owners also its last reveal (null when never shown). */
export const CredentialSchema = CredentialSummarySchema.extend({
  lastReveal: CredentialLastRevealSchema.nullable().optional(),
});
export type Credential = z.infer<typeof CredentialSchema>;
export const CredentialListSchema = z.array(CredentialSchema);
export type CredentialList = z.infer<typeof CredentialListSchema>;

export const CredentialDetailResponseSchema = z.object({ credential: CredentialSummarySchema });
export type CredentialDetailResponse = z.infer<typeof CredentialDetailResponseSchema>;
export const CredentialResponseSchema = z.object({ message: z.string(), credential: CredentialSummarySchema });
export type CredentialResponse = z.infer<typeof CredentialResponseSchema>;

/** Why a password is revealed: shown on screen or copied to the clipboard (logged as 'revealed' or 'copied'). */
export const REVEAL_PURPOSES = ['show', 'copy'] as const;
export type RevealPurpose = (typeof REVEAL_PURPOSES)[number];

/** POST /api/password/{id}/reveal: one password, once, logged. */
export const CredentialRevealSchema = z.object({
  purpose: z.enum(REVEAL_PURPOSES, { error: companiesMsg.requiredField }),
});
export type CredentialReveal = z.input<typeof CredentialRevealSchema>;
export const CredentialRevealResponseSchema = z.object({ password: z.string() });
export type CredentialRevealResponse = z.infer<typeof CredentialRevealResponseSchema>;
