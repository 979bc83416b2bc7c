import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { StartupError } from '../lib/startup-error.ts';
import { createTestApp, TEST_KEYS, type TestApp } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { checkKeyFingerprints, keyFingerprint } from './key-fingerprints.ts';
import { keyFingerprints } from './schema/key-fingerprints.ts';

const otherEncryptionKey = () => randomBytes(32).toString('base64');
const otherTokenSecret = () => randomBytes(40).toString('base64');

describe('the keys a database was started with', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
  });
  afterAll(() => first.close());

  const stored = () => first.database.db.select().from(keyFingerprints).orderBy(keyFingerprints.name);

  it('are recorded by the first start as HMAC fingerprints, never as the keys', async () => {
    const rows = await stored();
    expect(rows.map((row) => row.name)).toEqual(['ENCRYPTION_KEY', 'TOKEN_SECRET', 'VAPID_PRIVATE_KEY']);
    expect(rows.find((row) => row.name === 'TOKEN_SECRET')?.fingerprint).toBe(
      keyFingerprint('TOKEN_SECRET', TEST_KEYS.tokenSecret),
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain(TEST_KEYS.tokenSecret);
    expect(text).not.toContain(TEST_KEYS.encryptionKey);
    expect(text).not.toContain(Buffer.from(TEST_KEYS.encryptionKey, 'base64').toString('hex'));
    expect(text).not.toContain(TEST_KEYS.vapidPrivateKey);
    for (const row of rows) expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('let a second instance with the same keys start and serve', async () => {
    const second = await createTestApp({}, { database: first.database });
    try {
      expect(
        (await second.request({ method: 'GET', url: '/api/user/me', token: await first.ownerToken() })).statusCode,
      ).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuse an instance with another ENCRYPTION_KEY, naming the variable and what to do, never the key', async () => {
    const key = otherEncryptionKey();
    const refused = createTestApp({ ENCRYPTION_KEY: key }, { database: first.database });
    await expect(refused).rejects.toBeInstanceOf(StartupError);
    const message = await refused.catch((error: Error) => error.message);
    expect(message).toMatch(/^No se inicia: ENCRYPTION_KEY \(tomada de la variable ENCRYPTION_KEY\)/);
    expect(message).toContain('contraseñas de portales');
    expect(message).toContain('Usa la misma ENCRYPTION_KEY en todas las instancias');
    expect(message).toContain('ACCEPT_NEW_KEYS=ENCRYPTION_KEY');
    expect(message).not.toContain(key);
    expect(message).not.toContain('TOKEN_SECRET');
  });

  it('refuse an instance with another TOKEN_SECRET from its own secrets.json, naming the variable and the file', async () => {
    const message = await createTestApp({}, { database: first.database, keys: { tokenSecret: otherTokenSecret() } })
      .then(() => 'started')
      .catch((error: Error) => error.message);
    expect(message).toMatch(
      /^No se inicia: TOKEN_SECRET \(tomada de \/.*secrets\.json \(TOKEN_SECRET no está definida\)\)/,
    );
    expect(message).toContain('ACCEPT_NEW_KEYS=TOKEN_SECRET');
  });

  it('refuse an instance whose secrets.json holds another VAPID key pair (push subscriptions are made for one)', async () => {
    const message = await createTestApp(
      {},
      {
        database: first.database,
        keys: {
          vapidPublicKey: 'BPkoTnVXmgcQxFt9w3dMN8WF2FFYrUpPGLY_LSHJU_QEYVtrpTB3dP8A3UzKnavAkxR2kg8ZxjuFIXVKmwmLkVQ',
          vapidPrivateKey: 'iY8bSzjsBWLOMNbYkl6lyMJx93uOjIk2ufCpkzqQWd8',
        },
      },
    )
      .then(() => 'started')
      .catch((error: Error) => error.message);
    expect(message).toMatch(/^No se inicia: VAPID_PRIVATE_KEY \(tomada de .*secrets\.json/);
    expect(message).toContain('ACCEPT_NEW_KEYS=VAPID_PRIVATE_KEY');
    expect(message).not.toContain('iY8bSzjsBWLOMNbYkl6lyMJx93uOjIk2ufCpkzqQWd8');
  });

  it('take a new TOKEN_SECRET once when ACCEPT_NEW_KEYS names it: later starts need the new one', async () => {
    const secret = otherTokenSecret();
    const accepted = await createTestApp(
      { TOKEN_SECRET: secret, ACCEPT_NEW_KEYS: 'TOKEN_SECRET' },
      { database: first.database },
    );
    await accepted.close();
    const again = await createTestApp({ TOKEN_SECRET: secret }, { database: first.database });
    await again.close();
    await expect(createTestApp({}, { database: first.database })).rejects.toThrow(/TOKEN_SECRET/);
    // Back to the firm's secret for the other tests.
    const restored = await createTestApp({ ACCEPT_NEW_KEYS: 'TOKEN_SECRET' }, { database: first.database });
    await restored.close();
  });

  it('are recorded at the first start on a database made before this check (an upgrade)', async () => {
    await first.database.db.delete(keyFingerprints);
    const upgraded = await createTestApp({}, { database: first.database });
    await upgraded.close();
    expect((await stored()).length).toBe(3);
  });
});

describe('two instances starting at once on a new database with different keys', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('agree on whichever recorded its keys first: the other is refused', async () => {
    const sources = { DATA_DIR: '/tmp/x', ENCRYPTION_KEY: 'set' };
    const keys = [otherEncryptionKey(), otherEncryptionKey()];
    const outcomes = await Promise.allSettled(
      keys.map((key) =>
        checkKeyFingerprints(
          database.db,
          {
            tokenSecret: TEST_KEYS.tokenSecret,
            encryptionKey: Buffer.from(key, 'base64'),
            vapid: { publicKey: TEST_KEYS.vapidPublicKey, privateKey: TEST_KEYS.vapidPrivateKey },
          },
          sources,
        ),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});

describe('ACCEPT_NEW_KEYS', () => {
  it('accepts the key names, comma-separated, and refuses anything else naming the variable', () => {
    expect(loadConfig({ ACCEPT_NEW_KEYS: 'TOKEN_SECRET, ENCRYPTION_KEY,VAPID_PRIVATE_KEY' }).ACCEPT_NEW_KEYS).toEqual([
      'TOKEN_SECRET',
      'ENCRYPTION_KEY',
      'VAPID_PRIVATE_KEY',
    ]);
    expect(loadConfig({}).ACCEPT_NEW_KEYS).toEqual([]);
    expect(() => loadConfig({ ACCEPT_NEW_KEYS: 'ADMIN_PASSWORD' })).toThrow(/ACCEPT_NEW_KEYS/);
  });
});
