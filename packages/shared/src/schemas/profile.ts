import { newPassword, optionalText, PASSWORD_MAX, plainText, requiredText } from '../fields.ts';
import { profileMsg } from '../messages-profile.ts';
import { z } from '../zod-setup.ts';
import { UserEmailSchema, UserSchema } from './users.ts';

const NAME_MAX = 120;

/**
 * PUT /api/user/me: the signed-in user's own name and e-mail. Role, company and calendar flag are
 * not fields here: anything else in the body is dropped, so nobody promotes themselves.
 */
export const ProfileUpdateSchema = z.object({
  name: requiredText(profileMsg.requiredField, NAME_MAX, profileMsg.nameTooLong),
  lastName: optionalText(NAME_MAX, profileMsg.nameTooLong),
  email: UserEmailSchema,
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const ProfileUpdateResponseSchema = z.object({ message: z.string(), user: UserSchema });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;

const passwordFields = {
  // Any text up to the longest accepted password: a longer one cannot be the current one.
  currentPassword: plainText(profileMsg.requiredField)
    .min(1, profileMsg.requiredField)
    .max(PASSWORD_MAX, profileMsg.wrongCurrentPassword),
  password: newPassword(profileMsg.passwordMin),
};

const bothPasswords = z.object(passwordFields);
const differsFromCurrent = (values: { currentPassword: string; password: string }) =>
  values.password !== values.currentPassword;
// Checked only once both passwords are valid: an empty form is 'required', not 'the same'.
const sameAsCurrent = {
  message: profileMsg.samePassword,
  path: ['password'],
  when: (payload: { value: unknown }) => bothPasswords.safeParse(payload.value).success,
};

/** PUT /api/user/me/password: the current password and the new one (8 to 128, not the same). */
export const PasswordChangeSchema = bothPasswords.refine(differsFromCurrent, sameAsCurrent);
export type PasswordChange = z.input<typeof PasswordChangeSchema>;

export const PasswordChangeResponseSchema = z.object({ message: z.string() });
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponseSchema>;

const newPasswordPair = z.object({ password: passwordFields.password, repeatPassword: z.string() });

/**
 * The 'Cambiar contraseña' form: the API's schema plus the repeated password. The mismatch shows
 * as soon as both new passwords are valid, even while the current one is still empty.
 */
export const PasswordChangeFormSchema = z
  .object({ ...passwordFields, repeatPassword: z.string({ error: profileMsg.passwordsDontMatch }) })
  .refine(differsFromCurrent, sameAsCurrent)
  .refine((values) => values.password === values.repeatPassword, {
    message: profileMsg.passwordsDontMatch,
    path: ['repeatPassword'],
    when: (payload) => newPasswordPair.safeParse(payload.value).success,
  });
export type PasswordChangeForm = z.input<typeof PasswordChangeFormSchema>;

/**
 * GET and PUT /api/user/me/morning-digest: whether a staff member gets the 08:00 digest of what is
 * overdue or due within the week. Clients never get it and cannot set it.
 */
export const MorningDigestSchema = z.object({
  morningDigest: z.boolean({ error: profileMsg.morningDigestInvalid }),
});
export type MorningDigest = z.infer<typeof MorningDigestSchema>;

export const MorningDigestResponseSchema = MorningDigestSchema.extend({ message: z.string() });
export type MorningDigestResponse = z.infer<typeof MorningDigestResponseSchema>;
