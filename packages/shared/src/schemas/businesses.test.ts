import { describe, expect, it } from 'vitest';
import { companiesMsg } from '../messages-companies.ts';
import { BusinessCreateSchema, BusinessUserCreateSchema, BusinessUserUpdateSchema } from './businesses.ts';
import { CredentialCreateSchema } from './credentials.ts';
import { GroupCreateSchema } from './groups.ts';

const valid = {
  name: 'Panadería Los Aromos',
  razonSocial: 'Panadería Los Aromos SpA',
  rut: '760864285',
  startContract: '2023-01-01',
  endContract: '2025-12-31',
  legalRepresentative: 'Ana Pérez',
  contact: 'Ana@Aromos.cl, pagos@aromos.cl',
};

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : undefined;
}

describe('BusinessCreateSchema', () => {
  it('normalises the RUT and the contact list', () => {
    const parsed = BusinessCreateSchema.parse(valid);
    expect(parsed.rut).toBe('76.086.428-5');
    expect(parsed.contact).toBe('ana@aromos.cl,pagos@aromos.cl');
  });

  it('accepts the contact as the form tags', () => {
    expect(BusinessCreateSchema.parse({ ...valid, contact: ['a@b.cl', 'c@d.cl'] }).contact).toBe('a@b.cl,c@d.cl');
  });

  it.each(['name', 'razonSocial', 'rut', 'startContract', 'endContract', 'legalRepresentative', 'contact'])(
    'requires %s with "Campo requerido"',
    (field) => {
      for (const value of [undefined, '', '   ']) {
        const result = BusinessCreateSchema.safeParse({ ...valid, [field]: value });
        expect(firstIssue(result)).toEqual({ path: field, message: companiesMsg.required });
      }
    },
  );

  it('refuses a wrong RUT with "No es un rut valido"', () => {
    for (const rut of ['76.086.428-4', '12.345-6', 'abcdefgh', '76.O86.428-5']) {
      expect(firstIssue(BusinessCreateSchema.safeParse({ ...valid, rut }))).toEqual({
        path: 'rut',
        message: companiesMsg.invalidRut,
      });
    }
  });

  it('refuses a contact list with any invalid address', () => {
    const result = BusinessCreateSchema.safeParse({ ...valid, contact: 'ana@aromos.cl,no-es-email' });
    expect(firstIssue(result)).toEqual({ path: 'contact', message: companiesMsg.invalidEmail });
  });

  it('refuses malformed dates and an end before the start', () => {
    expect(firstIssue(BusinessCreateSchema.safeParse({ ...valid, startContract: '01-02-2023' }))).toEqual({
      path: 'startContract',
      message: companiesMsg.invalidDate,
    });
    expect(firstIssue(BusinessCreateSchema.safeParse({ ...valid, endContract: '2022-12-31' }))).toEqual({
      path: 'endContract',
      message: companiesMsg.endBeforeStart,
    });
  });
});

describe('BusinessUserCreateSchema / BusinessUserUpdateSchema', () => {
  const user = { name: 'Pedro', lastName: 'Soto', email: 'pedro@aromos.cl', password: 'secreto-1', businessId: 1 };
  it('fixes the role to client and checks the form messages', () => {
    expect(BusinessUserCreateSchema.parse(user).role).toBe('client');
    expect(firstIssue(BusinessUserCreateSchema.safeParse({ ...user, email: 'x' }))?.message).toBe(
      companiesMsg.invalidEmail,
    );
    expect(firstIssue(BusinessUserCreateSchema.safeParse({ ...user, password: '12345' }))?.message).toBe(
      companiesMsg.clientPasswordMin,
    );
  });

  it('omits an empty password on edit', () => {
    expect(BusinessUserUpdateSchema.parse({ ...user, password: '' }).password).toBeUndefined();
  });
});

describe('CredentialCreateSchema', () => {
  const credential = { user: '76086428-5', portal: 'sii', password: ' clave con espacios ', businessId: 3 };
  it('keeps the password exactly and defaults the description', () => {
    expect(CredentialCreateSchema.parse(credential)).toEqual({ ...credential, description: '' });
  });

  it('requires user and portal ("Este campo es requerido") and password ("Campo requerido")', () => {
    expect(firstIssue(CredentialCreateSchema.safeParse({ ...credential, user: '' }))).toEqual({
      path: 'user',
      message: companiesMsg.requiredField,
    });
    expect(firstIssue(CredentialCreateSchema.safeParse({ ...credential, portal: 'banco' }))).toEqual({
      path: 'portal',
      message: companiesMsg.requiredField,
    });
    expect(firstIssue(CredentialCreateSchema.safeParse({ ...credential, password: '' }))).toEqual({
      path: 'password',
      message: companiesMsg.required,
    });
  });
});

describe('GroupCreateSchema', () => {
  it('requires the name and removes repeated companies', () => {
    expect(firstIssue(GroupCreateSchema.safeParse({ name: ' ' }))).toEqual({
      path: 'name',
      message: 'Campo requerido',
    });
    expect(GroupCreateSchema.parse({ name: 'Retail', businessesIds: [2, 2, 3] })).toEqual({
      name: 'Retail',
      description: '',
      businessesIds: [2, 3],
    });
  });
});
