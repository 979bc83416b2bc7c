import { idField, idParams, optionalText, requiredText } from '../fields.ts';
import { companiesMsg } from '../messages-companies.ts';
import { z } from '../zod-setup.ts';

/** Field limits of a group; the form's inputs stop at them. */
export const GROUP_NAME_MAX = 200;
export const GROUP_DESCRIPTION_MAX = 1000;

const businessesIds = z
  .array(idField(companiesMsg.businessNotFound), { error: companiesMsg.businessNotFound })
  .max(10_000)
  .transform((ids) => [...new Set(ids)]);

/** The group form and POST /api/business-group: name required; description and companies optional. */
export const GroupCreateSchema = z.object({
  name: requiredText(companiesMsg.required, GROUP_NAME_MAX, companiesMsg.tooLong(GROUP_NAME_MAX)),
  description: optionalText(GROUP_DESCRIPTION_MAX, companiesMsg.tooLong(GROUP_DESCRIPTION_MAX)),
  businessesIds: businessesIds.default([]),
});
export type GroupCreate = z.input<typeof GroupCreateSchema>;

/** PUT /api/business-group/{groupId}: name, description, businessesIds (omitted = companies unchanged). */
export const GroupUpdateSchema = GroupCreateSchema.extend({ businessesIds: businessesIds.optional() });
export type GroupUpdate = z.input<typeof GroupUpdateSchema>;

export const GroupParamSchema = idParams('groupId');

export const GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  businessesIds: z.array(z.number().int()),
});
export type Group = z.infer<typeof GroupSchema>;
export const GroupListSchema = z.array(GroupSchema);
export type GroupList = z.infer<typeof GroupListSchema>;
export const GroupDetailResponseSchema = z.object({ group: GroupSchema });
export type GroupDetailResponse = z.infer<typeof GroupDetailResponseSchema>;
export const GroupResponseSchema = z.object({ message: z.string(), group: GroupSchema });
export type GroupResponse = z.infer<typeof GroupResponseSchema>;
