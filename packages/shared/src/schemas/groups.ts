import { companiesMsg } from '../messages-companies.ts';
import { z } from '../zod-setup.ts';

const businessesIds = z
  .array(z.number().int().positive(), { error: companiesMsg.businessNotFound })
  .max(10_000)
  .transform((ids) => [...new Set(ids)]);

/** The group form and POST /api/business-group: name required; description and companies optional. */
export const GroupCreateSchema = z.object({
  name: z.string({ error: companiesMsg.required }).trim().min(1, companiesMsg.required).max(200, companiesMsg.tooLong),
  description: z
    .string()
    .trim()
    .max(1000, companiesMsg.tooLong)
    .nullish()
    .transform((value) => value ?? ''),
  businessesIds: businessesIds.default([]),
});
export type GroupCreate = z.input<typeof GroupCreateSchema>;

/** PUT /api/business-group/{groupId}: name, description, businessesIds (omitted = companies unchanged). */
export const GroupUpdateSchema = GroupCreateSchema.extend({ businessesIds: businessesIds.optional() });
export type GroupUpdate = z.input<typeof GroupUpdateSchema>;

export const GroupParamSchema = z.object({ groupId: z.coerce.number().int().positive() });

export const GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  businessesIds: z.array(z.number().int()),
});
export type Group = z.infer<typeof GroupSchema>;
export const GroupListSchema = z.array(GroupSchema);
export const GroupDetailResponseSchema = z.object({ group: GroupSchema });
export const GroupResponseSchema = z.object({ message: z.string(), group: GroupSchema });
export type GroupResponse = z.infer<typeof GroupResponseSchema>;
