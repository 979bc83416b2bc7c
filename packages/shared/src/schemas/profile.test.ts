import { describe, expect, it } from 'vitest';
import { msg } from '../messages.ts';
import { profileMsg } from '../messages-profile.ts';
import { PasswordChangeFormSchema, PasswordChangeSchema, ProfileUpdateSchema } from './profile.ts';

/** The first message of each field, as the form shows them. */
function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('ProfileUpdateSchema', () => {
  it('trims, lower-cases the e-mail, defaults the last name and drops role, company and calendar flag', () => {
    const parsed = ProfileUpdateSchema.parse({
      name: '  Camila ',
      email: ' Camila@Estudio.CL ',
      role: 'owner',
      businessId: 3,
      allowCalendarView: true,
    });
    expect(parsed).toEqual({ name: 'Camila', lastName: '', email: 'camila@estudio.cl' });
  });

  it('refuses a blank name, a long last name and a bad e-mail with the form messages', () => {
    const result = ProfileUpdateSchema.safeParse({ name: '   ', lastName: 'x'.repeat(121), email: 'no-es-email' });
    expect(fieldErrors(result)).toEqual({
      name: msg.requiredField,
      lastName: profileMsg.nameTooLong,
      email: msg.invalidEmail,
    });
  });

  it('refuses a NUL in the name with a plain message', () => {
    expect(fieldErrors(ProfileUpdateSchema.safeParse({ name: 'Ana\u0000', email: 'ana@estudio.cl' }))).toEqual({
      name: msg.forbiddenChars,
    });
  });
});

describe('PasswordChangeSchema', () => {
  it('accepts a current password and a new one of 8 to 128 characters', () => {
    expect(PasswordChangeSchema.safeParse({ currentPassword: 'vieja', password: 'a'.repeat(8) }).success).toBe(true);
    expect(PasswordChangeSchema.safeParse({ currentPassword: 'vieja', password: 'a'.repeat(128) }).success).toBe(true);
  });

  it('refuses 7 characters, 129 characters and only spaces with their messages', () => {
    const errorOf = (password: string) =>
      fieldErrors(PasswordChangeSchema.safeParse({ currentPassword: 'vieja-clave', password })).password;
    expect(errorOf('a'.repeat(7))).toBe(msg.passwordMinUser);
    expect(errorOf('a'.repeat(129))).toBe(msg.passwordMax);
    expect(errorOf(' '.repeat(10))).toBe(msg.passwordBlank);
  });

  it('requires the current password, and a new one that differs from it', () => {
    expect(fieldErrors(PasswordChangeSchema.safeParse({ password: 'clave-nueva-1' }))).toEqual({
      currentPassword: msg.requiredField,
    });
    expect(
      fieldErrors(PasswordChangeSchema.safeParse({ currentPassword: 'clave-nueva-1', password: 'clave-nueva-1' })),
    ).toEqual({ password: profileMsg.samePassword });
  });
});

describe('PasswordChangeFormSchema', () => {
  it('shows required and minimum on an empty form, not "the same as the current one"', () => {
    expect(
      fieldErrors(PasswordChangeFormSchema.safeParse({ currentPassword: '', password: '', repeatPassword: '' })),
    ).toEqual({ currentPassword: msg.requiredField, password: msg.passwordMinUser });
  });

  it('says the repeated password does not match, even before the current one is typed', () => {
    const result = PasswordChangeFormSchema.safeParse({
      currentPassword: '',
      password: 'clave-nueva-1',
      repeatPassword: 'clave-nueva-2',
    });
    expect(fieldErrors(result)).toEqual({
      currentPassword: msg.requiredField,
      repeatPassword: msg.passwordsDontMatchUser,
    });
  });

  it('passes when everything is right', () => {
    const values = { currentPassword: 'clave-vieja-1', password: 'clave-nueva-1', repeatPassword: 'clave-nueva-1' };
    expect(PasswordChangeFormSchema.safeParse(values).success).toBe(true);
  });
});
