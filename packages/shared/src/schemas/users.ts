import { idField, newPassword, plainText, requiredText } from '../fields.ts';
import { msg } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { z } from '../zod-setup.ts';

/** A user's e-mail: valid, at most 254 characters, stored in lower case. */
export const UserEmailSchema = plainText(msg.invalidEmail)
  .trim()
  .min(1, msg.invalidEmail)
  .max(254, msg.invalidEmail)
  .pipe(z.email(msg.invalidEmail))
  .transform((value) => value.toLowerCase());
const email = UserEmailSchema;

const password = newPassword(msg.passwordMinUser);

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
  name: requiredText(msg.requiredField, 120),
  lastName: plainText().trim().max(120, 'Debe tener como máximo 120 caracteres').default(''),
  email,
  role: z.enum(ROLES, { error: msg.requiredField }),
  allowCalendarView: z.boolean().default(false),
  businessId: idField(msg.businessNotFound).nullable().optional(),
};

export const UserCreateSchema = z.object({ ...userFields, password });
export type UserCreate = z.input<typeof UserCreateSchema>;

/** Same fields as create; an empty or missing password keeps the current one. */
export const UserUpdateSchema = z.object({
  ...userFields,
  id: z.number().optional(),
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
export type UserList = z.infer<typeof UserListSchema>;
export const UserResponseSchema = z.object({ message: z.string(), user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;
