import { idParams } from './fields.ts';
import { z } from './zod-setup.ts';

/** Every non-2xx answer of the API: a Spanish message and, for bad input, one entry per problem. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const MessageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageSchema>;

/** Path parameter that must be a positive integer id; anything else is a 400 before it reaches SQL. */
export const IdParamSchema = idParams('id');
