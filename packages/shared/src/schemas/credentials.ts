import { idField, idParam, optionalText, plainText, requiredText } from '../fields.ts';
import { companiesMsg } from '../messages-companies.ts';
import { z } from '../zod-setup.ts';

/** The portals of a credential (spec 1 §9), as stored and sent. */
export const PORTALS = ['sii', 'DT', 'previred', 'other'] as const;
export type Portal = (typeof PORTALS)[number];

/** Field limits of a credential; the form's inputs stop at them. */
export const CREDENTIAL_USER_MAX = 200;
export const CREDENTIAL_PASSWORD_MAX = 500;
export const CREDENTIAL_DESCRIPTION_MAX = 500;

/** How a portal is named on screen: the spec's values in upper case, 'other' in Spanish. */
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

/** The password entry form and POST /api/password (spec 1 §5). */
export const CredentialCreateSchema = z.object({
  ...credentialFields,
  businessId: idField(companiesMsg.businessNotFound),
});
export type CredentialCreate = z.input<typeof CredentialCreateSchema>;

/** PUT /api/password/{id}: the same fields; a credential stays with its company (businessId is ignored). */
export const CredentialUpdateSchema = z.object({
  ...credentialFields,
  businessId: z.number().optional(),
});
export type CredentialUpdate = z.input<typeof CredentialUpdateSchema>;

/** GET /api/password?businessId= */
export const CredentialListQuerySchema = z.object({
  businessId: idParam(companiesMsg.businessNotFound),
});
export type CredentialListQuery = z.input<typeof CredentialListQuerySchema>;

/** A credential with its password in clear: only answered by the /api/password endpoints. */
export const CredentialSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  user: z.string(),
  portal: z.enum(PORTALS),
  password: z.string(),
  description: z.string(),
});
export type Credential = z.infer<typeof CredentialSchema>;
export const CredentialListSchema = z.array(CredentialSchema);
export type CredentialList = z.infer<typeof CredentialListSchema>;

/** A credential inside the company detail: everything but the password. */
export const CredentialSummarySchema = CredentialSchema.omit({ password: true });
export type CredentialSummary = z.infer<typeof CredentialSummarySchema>;

export const CredentialDetailResponseSchema = z.object({ credential: CredentialSchema });
export type CredentialDetailResponse = z.infer<typeof CredentialDetailResponseSchema>;
export const CredentialResponseSchema = z.object({ message: z.string(), credential: CredentialSchema });
export type CredentialResponse = z.infer<typeof CredentialResponseSchema>;
