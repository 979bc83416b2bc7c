import fs from 'node:fs';
import path from 'node:path';
import { companiesMsg } from '@app/shared/messages-companies';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { failInsertsInto } from '../../db/failing-inserts.fixture.ts';
import { activity } from '../../db/schema/activity.ts';
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

/** The password through the reveal endpoint (as the owner: it logs a 'revealed' entry). */
async function revealed(id: number, caller = api.owner) {
  const response = await caller.post(`/api/password/${id}/reveal`, { purpose: 'show' });
  if (response.statusCode !== 200) throw new Error(`reveal failed: ${response.body}`);
  return response.json().password as string;
}

/** The signed-in user's id, from the token's subject. */
const userIdOf = (token: string) =>
  Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub);

/** The activity entries of one credential, oldest first. */
const entriesOf = (id: number) =>
  t.database.db
    .select()
    .from(activity)
    .where(and(eq(activity.kind, 'credential'), eq(activity.recordId, String(id))))
    .orderBy(asc(activity.id));

describe('POST /api/password', () => {
  it('creates a credential (owner and collaborator) and answers it without the password', async () => {
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
          description: 'Clave tributaria',
        },
      });
      expect(response.body).not.toContain('Clave SII 2024');
    }
  });

  it('accepts every portal and an omitted description', async () => {
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
  it("lists one company's credentials without their passwords; owners see who last saw each", async () => {
    const other = await insertBusiness(t);
    const own = await createCredential({ businessId: other.id, portal: 'previred', password: 'Previred#1' });
    const listed = {
      id: own.id,
      businessId: other.id,
      user: '76.086.428-5',
      portal: 'previred',
      description: 'Clave tributaria',
    };
    const byOwner = await api.owner.get(`/api/password?businessId=${other.id}`);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toEqual([{ ...listed, lastReveal: null }]);
    expect(byOwner.body).not.toContain('Previred#1');
    expect(byOwner.body).not.toContain('password');
    const byCollaborator = await api.collaborator.get(`/api/password?businessId=${other.id}`);
    expect(byCollaborator.statusCode).toBe(200);
    expect(byCollaborator.json()).toEqual([listed]);
    expect(byCollaborator.body).not.toContain('Previred#1');
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
  it('reads, edits and deletes with the Spanish success messages', async () => {
    const { id } = await createCredential();
    const read = await api.collaborator.get(`/api/password/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ credential: expect.objectContaining({ id, user: '76.086.428-5' }) });
    expect(read.body).not.toContain('Clave SII 2024');
    expect(read.json().credential).not.toHaveProperty('password');

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
        description: '',
      },
    });
    expect(await revealed(id)).toBe('Nueva-DT');

    const deleted = await api.collaborator.delete(`/api/password/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: companiesMsg.credentialDeleted });
    expect((await api.owner.get(`/api/password/${id}`)).statusCode).toBe(404);
  });

  it('validates an edit like a create, but an omitted or empty password keeps the stored one', async () => {
    const { id } = await createCredential();
    const invalid = await api.owner.put(`/api/password/${id}`, credentialPayload({ user: '' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(companiesMsg.requiredField);

    const empty = await api.owner.put(`/api/password/${id}`, credentialPayload({ password: '', description: 'a' }));
    expect(empty.statusCode).toBe(200);
    expect(await revealed(id)).toBe('Clave SII 2024');
    const omitted = await api.owner.put(`/api/password/${id}`, credentialPayload({ password: undefined }));
    expect(omitted.statusCode).toBe(200);
    expect(await revealed(id)).toBe('Clave SII 2024');
  });

  it('answers 404 for unknown ids', async () => {
    for (const [method, url] of [
      ['GET', '/api/password/999999'],
      ['PUT', '/api/password/999999'],
      ['DELETE', '/api/password/999999'],
      ['POST', '/api/password/999999/reveal'],
    ] as const) {
      const payload = method === 'PUT' ? credentialPayload() : method === 'POST' ? { purpose: 'show' } : undefined;
      const response = await t.request({ method, url, token: roles.owner, payload });
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

    expect(await revealed(id)).toBe(PLAIN);
  });
});

describe('permissions', () => {
  const endpoints = [
    { method: 'GET', url: '/api/password?businessId=1' },
    { method: 'POST', url: '/api/password' },
    { method: 'GET', url: '/api/password/1' },
    { method: 'PUT', url: '/api/password/1' },
    { method: 'DELETE', url: '/api/password/1' },
    { method: 'POST', url: '/api/password/1/reveal' },
  ] as const;

  it.each(endpoints)('$method $url answers a client 403 and an anonymous caller 401', async ({ method, url }) => {
    const payload = url.endsWith('/reveal')
      ? { purpose: 'show' }
      : method === 'POST' || method === 'PUT'
        ? credentialPayload()
        : undefined;
    await expectClientAndAnonymousRefused({ method, url, payload });
  });
});

describe('POST /api/password/:id/reveal', () => {
  it('answers the password to owners and collaborators, not cached, and logs each reveal with actor and ip', async () => {
    const { id } = await createCredential({ user: '76.123.456-7', password: 'Revela-1' });
    for (const [token, purpose, action] of [
      [roles.owner, 'show', 'revealed'],
      [roles.collaborator, 'copy', 'copied'],
    ] as const) {
      const before = (await entriesOf(id)).length;
      const response = await t.request({
        method: 'POST',
        url: `/api/password/${id}/reveal`,
        token,
        payload: { purpose },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ password: 'Revela-1' });
      expect(response.headers['cache-control']).toBe('no-store');
      const entries = await entriesOf(id);
      expect(entries).toHaveLength(before + 1);
      expect(entries.at(-1)).toMatchObject({
        kind: 'credential',
        action,
        recordId: String(id),
        recordLabel: 'SII · 76.123.456-7',
        businessId: roles.clientBusinessId,
        actorId: userIdOf(token),
        actorName: expect.stringMatching(/\S/),
        ip: '127.0.0.1',
        details: null,
      });
    }
  });

  it("gives owners the latest reveal in the list, and collaborators don't see it", async () => {
    const business = await insertBusiness(t);
    const seen = await createCredential({ businessId: business.id, portal: 'DT', password: 'Vista-1' });
    const unseen = await createCredential({ businessId: business.id, portal: 'sii', password: 'NoVista-1' });
    await revealed(seen.id);
    await revealed(seen.id, api.collaborator);
    const collaboratorId = userIdOf(roles.collaborator);
    const [latest] = (await entriesOf(seen.id)).slice(-1);

    const list = await api.owner.get(`/api/password?businessId=${business.id}`);
    const byId = new Map(list.json().map((credential: { id: number }) => [credential.id, credential]));
    expect(byId.get(seen.id)).toMatchObject({
      lastReveal: { at: latest?.at.toISOString(), actorName: latest?.actorName, ip: '127.0.0.1' },
    });
    expect(latest?.actorId).toBe(collaboratorId);
    expect(byId.get(unseen.id)).toMatchObject({ lastReveal: null });
    expect(list.body).not.toContain('Vista-1');

    const asCollaborator = await api.collaborator.get(`/api/password?businessId=${business.id}`);
    for (const credential of asCollaborator.json()) expect(credential.lastReveal ?? null).toBeNull();
  });

  it('refuses a missing or unknown purpose and ids past int4', async () => {
    const { id } = await createCredential();
    for (const payload of [{}, { purpose: 'print' }]) {
      const response = await api.owner.post(`/api/password/${id}/reveal`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('Clave SII 2024');
    }
    const tooBig = await api.owner.post('/api/password/2147483648/reveal', { purpose: 'show' });
    expect(tooBig.statusCode).toBe(400);
  });

  it('answers an error and no password when the log cannot be written, and logs nothing', async () => {
    const { id } = await createCredential({ password: 'Sin-Registro-7' });
    const before = (await entriesOf(id)).length;
    const restore = await failInsertsInto(t.database.db, activity);
    try {
      const response = await api.owner.post(`/api/password/${id}/reveal`, { purpose: 'copy' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('Sin-Registro-7');
    } finally {
      await restore();
    }
    expect(await entriesOf(id)).toHaveLength(before);
  });
});

describe('activity of credential changes', () => {
  it('logs create, edit and delete with the changed fields, a password change only as "cambiada"', async () => {
    const SECRET = 'Secreto-Unico-4471';
    const NEW_SECRET = 'Secreto-Nuevo-9902';
    const { id } = await createCredential({ user: 'ana.sii', password: SECRET, description: 'Clave' });
    await api.collaborator.put(
      `/api/password/${id}`,
      credentialPayload({ user: 'ana.sii', description: 'Clave F29', password: undefined }),
    );
    await api.owner.put(
      `/api/password/${id}`,
      credentialPayload({ user: 'ana.sii', description: 'Clave F29', password: NEW_SECRET }),
    );
    // The same password again, or none: nothing changed, nothing logged.
    await api.owner.put(
      `/api/password/${id}`,
      credentialPayload({ user: 'ana.sii', description: 'Clave F29', password: NEW_SECRET }),
    );
    await api.owner.put(
      `/api/password/${id}`,
      credentialPayload({ user: 'ana.sii', description: 'Clave F29', password: '' }),
    );
    await api.owner.delete(`/api/password/${id}`);

    const entries = await entriesOf(id);
    const ownerId = userIdOf(roles.owner);
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.details])).toEqual([
      ['created', ownerId, { after: { user: 'ana.sii', portal: 'sii', description: 'Clave' } }],
      [
        'updated',
        userIdOf(roles.collaborator),
        { before: { description: 'Clave' }, after: { description: 'Clave F29' } },
      ],
      ['updated', ownerId, { after: { contraseña: 'cambiada' } }],
      ['deleted', ownerId, { before: { user: 'ana.sii', portal: 'sii', description: 'Clave F29' } }],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        recordLabel: 'SII · ana.sii',
        businessId: roles.clientBusinessId,
        ip: '127.0.0.1',
      });
    }

    const all = await t.database.db.select().from(activity);
    const text = JSON.stringify(all);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(NEW_SECRET);
  });

  it('leaves neither the change nor its entry when the entry cannot be written', async () => {
    const { id } = await createCredential({ description: 'Antes' });
    const business = await insertBusiness(t);
    const restore = await failInsertsInto(t.database.db, activity);
    try {
      const created = await api.owner.post('/api/password', credentialPayload({ businessId: business.id }));
      expect(created.statusCode).toBe(500);
      const edited = await api.owner.put(`/api/password/${id}`, credentialPayload({ description: 'Después' }));
      expect(edited.statusCode).toBe(500);
      const deleted = await api.owner.delete(`/api/password/${id}`);
      expect(deleted.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await api.owner.get(`/api/password?businessId=${business.id}`)).json()).toEqual([]);
    expect((await api.owner.get(`/api/password/${id}`)).json().credential).toMatchObject({ description: 'Antes' });
  });
});
