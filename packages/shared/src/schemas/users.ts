import { msg } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { z } from '../zod-setup.ts';

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

const email = z
  .string({ error: msg.invalidEmail })
  .trim()
  .min(1, msg.invalidEmail)
  .pipe(z.email(msg.invalidEmail))
  .transform((value) => value.toLowerCase());

const password = z.string({ error: msg.passwordMinUser }).min(6, msg.passwordMinUser).max(200);

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  businessId: z.number().int().nullable(),
  allowCalendarView: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

const userFields = {
  name: requiredText(msg.requiredField).pipe(z.string().max(120)),
  lastName: z.string().trim().max(120).default(''),
  email,
  role: z.enum(ROLES, { error: msg.requiredField }),
  allowCalendarView: z.boolean().default(false),
  businessId: z.number().int().positive().nullable().optional(),
};

export const UserCreateSchema = z.object({ ...userFields, password });
export type UserCreate = z.input<typeof UserCreateSchema>;

/** Same fields as create; an empty or missing password keeps the current one. */
export const UserUpdateSchema = z.object({
  ...userFields,
  id: z.number().int().optional(),
  password: z
    .union([z.literal(''), password])
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type UserUpdate = z.input<typeof UserUpdateSchema>;

const repeatPassword = { repeatPassword: z.string().optional() };
const passwordsMatch = (values: { password?: string; repeatPassword?: string }) =>
  (values.password ?? '') === (values.repeatPassword ?? '');
const mismatch = { message: msg.passwordsDontMatchUser, path: ['repeatPassword'] };

/** The staff user forms: the API's schemas plus the repeated password. */
export const UserCreateFormSchema = UserCreateSchema.extend(repeatPassword).refine(passwordsMatch, mismatch);
export const UserUpdateFormSchema = UserUpdateSchema.extend(repeatPassword).refine(passwordsMatch, mismatch);

export const UserListSchema = z.array(UserSchema);
export const UserResponseSchema = z.object({ message: z.string(), user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;
