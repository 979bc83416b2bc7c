import { Writable } from 'node:stream';
import { NotificationTokenSchema, notificationTokenSchema } from '@app/shared/schemas/auth';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import {
  type FakePushBehaviour,
  fakeBrowserKeys,
  startFakePushService,
  verifyVapidAuthorization,
} from '../../test/fake-push-service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { vapidSubject } from './push.module.ts';
import { pushRepository } from './push.repository.ts';
import { createPushService, type PushDeps } from './push.service.ts';

const vapidKeys = webpush.generateVAPIDKeys();
const vapid = { ...vapidKeys, subject: 'mailto:estudio@example.com' };
const reminder = { title: 'Recordatorio', body: 'Llamar al contador de Comercial Sur', url: '/notas' };

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakePushService>>;
let logLines: string[];

function logger() {
  return pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
}

function pushService(options: Partial<PushDeps> = {}) {
  return createPushService(t.database.db, { log: logger(), vapid, allowLoopbackHttpForTests: true, ...options });
}

/** Subscribes a new browser of the user on the fake service, answering as `behaviour`. */
async function subscribe(userId: number, behaviour: FakePushBehaviour) {
  const browser = fakeBrowserKeys();
  const endpoint = fake.endpoint(behaviour);
  await pushService().saveSubscription(userId, { endpoint, keys: browser.keys });
  return { ...browser, endpoint, path: new URL(endpoint).pathname };
}

const endpointsOf = async (userId: number) =>
  (await pushRepository.listForUser(t.database.db, userId)).map((row) => row.endpoint).sort();

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakePushService();
});

afterAll(async () => {
  await fake.close();
  await t.close();
});

beforeEach(() => {
  logLines = [];
});

describe('sendToUser', () => {
  it('sends every browser of the user a VAPID-signed, aes128gcm-encrypted message', async () => {
    const user = await t.userWithRole('collaborator');
    const phone = await subscribe(user.id, 'ok');
    const laptop = await subscribe(user.id, 'ok');

    expect(await pushService().sendToUser(user.id, reminder)).toBe(2);

    for (const browser of [phone, laptop]) {
      const request = fake.received.find((received) => received.path === browser.path);
      if (!request) throw new Error(`nothing reached ${browser.path}`);
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers['content-type']).toBe('application/octet-stream');
      expect(request.headers.ttl).toBe('86400');
      expect(request.headers.urgency).toBe('high');
      const vapidClaims = verifyVapidAuthorization(request.headers.authorization ?? '', fake.origin);
      expect(vapidClaims.publicKey).toBe(vapidKeys.publicKey);
      expect(vapidClaims.header).toEqual({ typ: 'JWT', alg: 'ES256' });
      expect(vapidClaims.claims.sub).toBe(vapid.subject);
      expect(vapidClaims.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(vapidClaims.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);
      // Only the browser's own keys open it.
      expect(request.body.includes(Buffer.from(reminder.body))).toBe(false);
      expect(JSON.parse(browser.decrypt(request.body))).toEqual(reminder);
    }
  });

  it('removes a subscription the push service answers 410 or 404 for and keeps the others', async () => {
    const user = await t.userWithRole('collaborator');
    const live = await subscribe(user.id, 'ok');
    await subscribe(user.id, 'gone');
    await subscribe(user.id, 'unknown');

    expect(await pushService().sendToUser(user.id, reminder)).toBe(1);
    expect(await endpointsOf(user.id)).toEqual([live.endpoint]);
    expect(await pushService().sendToUser(user.id, reminder)).toBe(1);
  });

  it('logs a refusal (500, 413, 429 with its Retry-After), keeps the subscription and never throws', async () => {
    const user = await t.userWithRole('owner');
    const broken = await subscribe(user.id, 'broken');
    const tooLarge = await subscribe(user.id, 'too-large');
    const busy = await subscribe(user.id, 'busy');

    await expect(pushService().sendToUser(user.id, reminder)).resolves.toBe(0);

    expect(await endpointsOf(user.id)).toEqual([broken.endpoint, busy.endpoint, tooLarge.endpoint].sort());
    const entries = logLines.map((line) => JSON.parse(line));
    const refusals = entries.filter((entry) => entry.msg === 'push: the push service refused the message');
    expect(refusals.map((entry) => entry.status).sort()).toEqual([413, 429, 500]);
    expect(refusals.find((entry) => entry.status === 429)?.retryAfter).toBe('120');
    expect(refusals.every((entry) => entry.userId === user.id && entry.pushService === new URL(fake.origin).host)).toBe(
      true,
    );
    // The endpoint's path and the browser's keys are its secrets: never in the log.
    const log = logLines.join('\n');
    for (const browser of [broken, tooLarge, busy]) {
      expect(log).not.toContain(browser.path.split('/')[2]);
      expect(log).not.toContain(browser.keys.p256dh);
      expect(log).not.toContain(browser.keys.auth);
    }
  });

  it('answers 0 for a user without subscriptions, sending nothing', async () => {
    const user = await t.userWithRole('collaborator');
    const before = fake.received.length;
    expect(await pushService().sendToUser(user.id, reminder)).toBe(0);
    expect(fake.received.length).toBe(before);
  });

  it('sends only to public https endpoints unless a test allows the local fake explicitly', async () => {
    const user = await t.userWithRole('collaborator');
    const local = await subscribe(user.id, 'ok');
    const before = fake.received.length;

    expect(await pushService({ allowLoopbackHttpForTests: undefined }).sendToUser(user.id, reminder)).toBe(0);
    expect(fake.received.length).toBe(before);
    expect(await endpointsOf(user.id)).toEqual([local.endpoint]);
    expect(logLines.join('\n')).toContain('push: subscription endpoint refused');
  });

  it('refuses at send time a name that resolves to loopback or to any private address, contacting nothing', async () => {
    const user = await t.userWithRole('collaborator');
    const keys = fakeBrowserKeys().keys;
    const answers: Record<string, string[]> = {
      '127.0.0.1.nip.io': ['127.0.0.1'],
      'localtest.me': ['::1', '127.0.0.1'],
      'mixto.example.com': ['93.184.215.14', '10.0.0.7'],
      'mapeado.example.com': ['::ffff:192.168.1.1'],
    };
    for (const host of Object.keys(answers))
      await pushService().saveSubscription(user.id, { endpoint: `https://${host}/push/x`, keys });
    // An IPv4-compatible loopback literal stored before its form was refused at subscribe time.
    await pushService().saveSubscription(user.id, { endpoint: 'https://[::7f00:1]/push/x', keys });
    const asked: string[] = [];
    const resolveHost = async (hostname: string) => {
      asked.push(hostname);
      return (answers[hostname] ?? []).map((address) => ({ address }));
    };
    const fetching = vi.spyOn(globalThis, 'fetch');
    try {
      expect(await pushService({ resolveHost }).sendToUser(user.id, reminder)).toBe(0);
      expect(fetching).not.toHaveBeenCalled();
    } finally {
      fetching.mockRestore();
    }
    expect(asked.sort()).toEqual(Object.keys(answers).sort());
    const refusals = logLines.filter((line) => line.includes('does not resolve to public addresses only'));
    expect(refusals).toHaveLength(4);
    // The literal is refused by its form, before any look-up.
    expect(logLines.filter((line) => line.includes('not a public https address'))).toHaveLength(1);
  });

  it('sends to a name that resolves to public addresses only', async () => {
    const user = await t.userWithRole('collaborator');
    await pushService().saveSubscription(user.id, {
      endpoint: 'https://push.example.com/push/x',
      keys: fakeBrowserKeys().keys,
    });
    const resolveHost = async () => [
      { address: '93.184.215.14' },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c' },
    ];
    const fetching = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 201 }));
    try {
      expect(await pushService({ resolveHost }).sendToUser(user.id, reminder)).toBe(1);
      expect(fetching).toHaveBeenCalledTimes(1);
      expect(String(fetching.mock.calls[0]?.[0])).toBe('https://push.example.com/push/x');
    } finally {
      fetching.mockRestore();
    }
  });

  it('logs an unreachable push service and keeps going', async () => {
    const user = await t.userWithRole('collaborator');
    const closed = await startFakePushService();
    const endpoint = closed.endpoint('ok');
    await closed.close();
    await pushService().saveSubscription(user.id, { endpoint, keys: fakeBrowserKeys().keys });
    const live = await subscribe(user.id, 'ok');

    expect(await pushService({ timeoutMs: 2000 }).sendToUser(user.id, reminder)).toBe(1);
    expect(await endpointsOf(user.id)).toEqual([endpoint, live.endpoint].sort());
    expect(logLines.join('\n')).toContain('push: send failed');
  });

  it('shortens a long note so the encrypted message stays under the 4 KB push services accept', async () => {
    const user = await t.userWithRole('collaborator');
    const browser = await subscribe(user.id, 'ok');
    expect(await pushService().sendToUser(user.id, { ...reminder, body: 'ñ'.repeat(5000) })).toBe(1);
    const request = fake.received.findLast((received) => received.path === browser.path);
    if (!request) throw new Error('nothing reached the browser');
    expect(request.body.length).toBeLessThanOrEqual(4096);
    const shown = JSON.parse(browser.decrypt(request.body)) as typeof reminder;
    expect(shown.body).toBe(`${'ñ'.repeat(999)}…`);
  });
});

describe('POST /api/user/me/notification-token', () => {
  /** What the browser sends after sign-in: its subscription to `endpoint`. Answers the status. */
  const subscribeThroughApi = async (userToken: string, endpoint: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/user/me/notification-token',
        token: userToken,
        payload: { token: { endpoint, keys: fakeBrowserKeys().keys } },
      })
    ).statusCode;

  it('keeps one subscription per browser, and a browser signed in by another user moves to them', async () => {
    const first = await t.userWithRole('collaborator');
    const second = await t.userWithRole('owner');
    const phone = 'https://push.example.com/send/phone-1';
    const laptop = 'https://push.example.com/send/laptop-1';
    for (const endpoint of [phone, laptop, phone]) expect(await subscribeThroughApi(first.token, endpoint)).toBe(200);
    expect(await endpointsOf(first.id)).toEqual([laptop, phone]);

    expect(await subscribeThroughApi(second.token, phone)).toBe(200);
    expect(await endpointsOf(first.id)).toEqual([laptop]);
    expect(await endpointsOf(second.id)).toEqual([phone]);
  });

  it('refuses an endpoint that is not a public https address', async () => {
    const user = await t.userWithRole('collaborator');
    for (const endpoint of [
      fake.endpoint('ok'),
      'https://127.0.0.1/x',
      'http://push.example.com/x',
      'https://[::7f00:1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[64:ff9b::a00:1]/x',
    ]) {
      expect(await subscribeThroughApi(user.token, endpoint)).toBe(400);
    }
    expect(await endpointsOf(user.id)).toEqual([]);
  });
});

describe('notificationTokenSchema', () => {
  const token = (endpoint: string) => ({ token: { endpoint, keys: fakeBrowserKeys().keys } });

  it('takes a local fake push service only where browser tests asked for it, and nothing else private', () => {
    const forBrowserTests = notificationTokenSchema({ acceptLoopbackHttp: true });
    expect(NotificationTokenSchema.safeParse(token('http://127.0.0.1:4000/push/a')).success).toBe(false);
    expect(forBrowserTests.safeParse(token('http://127.0.0.1:4000/push/a')).success).toBe(true);
    for (const endpoint of ['http://localhost:4000/x', 'http://192.168.1.5/x', 'http://push.example.com/x']) {
      expect(forBrowserTests.safeParse(token(endpoint)).success, endpoint).toBe(false);
    }
  });
});

describe('vapidSubject', () => {
  it('is the app address when it is https, otherwise the mail sender as mailto:', () => {
    expect(vapidSubject('https://estudio.example.cl', 'Estudio <no-reply@estudio.cl>')).toBe(
      'https://estudio.example.cl',
    );
    expect(vapidSubject('http://localhost:3000', 'Estudio Contable <no-reply@example.com>')).toBe(
      'mailto:no-reply@example.com',
    );
    expect(vapidSubject('http://localhost:3000', 'avisos@estudio.cl')).toBe('mailto:avisos@estudio.cl');
  });
});
