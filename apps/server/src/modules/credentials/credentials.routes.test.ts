import fs from 'node:fs';
import path from 'node:path';
import { companiesMsg } from '@app/shared/messages-companies';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';

const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();

function credentialPayload(overrides: Record<string, unknown> = {}) {
  return {
    user: '76.086.428-5',
    portal: 'sii',
    password: 'Clave SII 2024',
    description: 'Clave tributaria',
    businessId: roles.clientBusinessId,
    ...overrides,
  };
}

async function createCredential(overrides: Record<string, unknown> = {}) {
  const response = await api.owner.post('/api/password', credentialPayload(overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().credential as { id: number };
}

describe('POST /api/password', () => {
  it('creates a credential (owner and collaborator) and answers it with the password', async () => {
    for (const token of [roles.owner, roles.collaborator]) {
      const response = await t.request({ method: 'POST', url: '/api/password', token, payload: credentialPayload() });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        message: companiesMsg.credentialCreated,
        credential: {
          id: expect.any(Number),
          businessId: roles.clientBusinessId,
          user: '76.086.428-5',
          portal: 'sii',
          password: 'Clave SII 2024',
          description: 'Clave tributaria',
        },
      });
    }
  });

  it('accepts every portal of the spec and an omitted description', async () => {
    for (const portal of ['sii', 'DT', 'previred', 'other']) {
      const response = await api.owner.post('/api/password', credentialPayload({ portal, description: undefined }));
      expect(response.statusCode).toBe(201);
      expect(response.json().credential).toMatchObject({ portal, description: '' });
    }
  });

  it.each([
    ['user', '', companiesMsg.requiredField],
    ['portal', '', companiesMsg.requiredField],
    ['portal', 'banco', companiesMsg.requiredField],
    ['password', '', companiesMsg.required],
    ['password', undefined, companiesMsg.required],
  ])('refuses %s = %j with its message', async (field, value, message) => {
    const response = await api.owner.post('/api/password', credentialPayload({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: [{ field, message }] });
  });

  it('refuses an unknown company with 400 on businessId', async () => {
    const response = await api.owner.post('/api/password', credentialPayload({ businessId: 999999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: companiesMsg.businessNotFound,
      errors: [{ field: 'businessId', message: companiesMsg.businessNotFound }],
    });
  });
});

describe('GET /api/password?businessId=', () => {
  it("lists one company's credentials with the passwords in clear", async () => {
    const other = await insertBusiness(t);
    const own = await createCredential({ businessId: other.id, portal: 'previred', password: 'Previred#1' });
    for (const token of [roles.owner, roles.collaborator]) {
      const response = await t.request({ method: 'GET', url: `/api/password?businessId=${other.id}`, token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          id: own.id,
          businessId: other.id,
          user: '76.086.428-5',
          portal: 'previred',
          password: 'Previred#1',
          description: 'Clave tributaria',
        },
      ]);
    }
  });

  it('requires businessId (400) and answers 404 for an unknown company', async () => {
    const missing = await api.owner.get('/api/password');
    expect(missing.statusCode).toBe(400);
    const unknown = await api.owner.get('/api/password?businessId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: companiesMsg.businessNotFound });
  });
});

describe('GET, PUT, DELETE /api/password/:id', () => {
  it('reads, edits and deletes with the spec messages', async () => {
    const { id } = await createCredential();
    const read = await api.collaborator.get(`/api/password/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ credential: expect.objectContaining({ id, password: 'Clave SII 2024' }) });

    const edited = await api.collaborator.put(
      `/api/password/${id}`,
      credentialPayload({ user: 'rrhh@aromos.cl', portal: 'DT', password: 'Nueva-DT', description: '' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      message: companiesMsg.credentialEdited,
      credential: {
        id,
        businessId: roles.clientBusinessId,
        user: 'rrhh@aromos.cl',
        portal: 'DT',
        password: 'Nueva-DT',
        description: '',
      },
    });
    const reread = await api.owner.get(`/api/password/${id}`);
    expect(reread.json().credential.password).toBe('Nueva-DT');

    const deleted = await api.collaborator.delete(`/api/password/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: companiesMsg.credentialDeleted });
    expect((await api.owner.get(`/api/password/${id}`)).statusCode).toBe(404);
  });

  it('validates an edit like a create', async () => {
    const { id } = await createCredential();
    const response = await api.owner.put(`/api/password/${id}`, credentialPayload({ password: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(companiesMsg.required);
  });

  it('answers 404 for unknown ids', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.request({
        method,
        url: '/api/password/999999',
        token: roles.owner,
        payload: method === 'PUT' ? credentialPayload() : undefined,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: companiesMsg.credentialNotFound });
    }
  });
});

describe('encryption at rest', () => {
  const PLAIN = 'Zorzal-Plateado-93817-ñ';
  const MARKER_USER = 'usuario-marcador-55120';

  it('stores no plain password in any table row, nor in the data files, while the API still answers it', async () => {
    const { id } = await createCredential({ user: MARKER_USER, password: PLAIN });
    const { db } = t.database;

    // Every row of every table of the public schema, as text.
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    let everything = '';
    for (const { table_name } of tables.rows) {
      const rows = (await db.execute(sql`select * from ${sql.identifier(table_name)}`)) as unknown as {
        rows: unknown[];
      };
      everything += JSON.stringify(rows.rows);
    }
    expect(everything).toContain(MARKER_USER); // the scan does see the credential's row...
    expect(everything).not.toContain(PLAIN); // ...but not its password
    expect(everything).toMatch(/v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+/);

    // The files: the app's data directory, and for PGlite the database's own files.
    const files: Buffer[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else files.push(fs.readFileSync(full));
      }
    };
    walk(t.dataDir);
    if (!process.env.DATABASE_URL) {
      const pglite = (
        db as unknown as { $client: { query(q: string): Promise<unknown>; dumpDataDir(c: 'none'): Promise<Blob> } }
      ).$client;
      await pglite.query('CHECKPOINT');
      const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
      expect(dump.includes(Buffer.from(MARKER_USER))).toBe(true);
      files.push(dump);
    }
    for (const file of files) expect(file.includes(Buffer.from(PLAIN))).toBe(false);

    const listed = await api.owner.get(`/api/password?businessId=${roles.clientBusinessId}`);
    expect(listed.json()).toContainEqual(expect.objectContaining({ id, password: PLAIN }));
  });
});

describe('permissions', () => {
  const endpoints = [
    { method: 'GET', url: '/api/password?businessId=1' },
    { method: 'POST', url: '/api/password' },
    { method: 'GET', url: '/api/password/1' },
    { method: 'PUT', url: '/api/password/1' },
    { method: 'DELETE', url: '/api/password/1' },
  ] as const;

  it.each(endpoints)('$method $url answers a client 403 and an anonymous caller 401', async ({ method, url }) => {
    const payload = method === 'POST' || method === 'PUT' ? credentialPayload() : undefined;
    await expectClientAndAnonymousRefused({ method, url, payload });
  });
});
