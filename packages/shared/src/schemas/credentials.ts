import { companiesMsg } from '../messages-companies.ts';
import { z } from '../zod-setup.ts';

/** The portals of a credential (spec 1 §9), as stored and sent. */
export const PORTALS = ['sii', 'DT', 'previred', 'other'] as const;
export type Portal = (typeof PORTALS)[number];

const requiredField = z.string({ error: companiesMsg.requiredField }).trim().min(1, companiesMsg.requiredField);

const credentialFields = {
  user: requiredField.pipe(z.string().max(200, companiesMsg.tooLong)),
  portal: z.enum(PORTALS, { error: companiesMsg.requiredField }),
  /** Kept exactly as typed (no trimming): it is someone's portal password. */
  password: z.string({ error: companiesMsg.required }).min(1, companiesMsg.required).max(500, companiesMsg.tooLong),
  description: z
    .string()
    .trim()
    .max(500, companiesMsg.tooLong)
    .nullish()
    .transform((value) => value ?? ''),
};

/** The password entry form and POST /api/password (spec 1 §5). */
export const CredentialCreateSchema = z.object({
  ...credentialFields,
  businessId: z.number({ error: companiesMsg.required }).int().positive(),
});
export type CredentialCreate = z.input<typeof CredentialCreateSchema>;

/** PUT /api/password/{id}: the same fields; a credential stays with its company (businessId is ignored). */
export const CredentialUpdateSchema = z.object({
  ...credentialFields,
  businessId: z.number().int().positive().optional(),
});
export type CredentialUpdate = z.input<typeof CredentialUpdateSchema>;

/** GET /api/password?businessId= */
export const CredentialListQuerySchema = z.object({
  businessId: z.coerce.number({ error: companiesMsg.required }).int().positive(companiesMsg.required),
});

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

/** A credential inside the company detail: everything but the password. */
export const CredentialSummarySchema = CredentialSchema.omit({ password: true });
export type CredentialSummary = z.infer<typeof CredentialSummarySchema>;

export const CredentialDetailResponseSchema = z.object({ credential: CredentialSchema });
export const CredentialResponseSchema = z.object({ message: z.string(), credential: CredentialSchema });
export type CredentialResponse = z.infer<typeof CredentialResponseSchema>;
