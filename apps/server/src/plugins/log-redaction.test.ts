import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDownloadLinks } from '../lib/download-links.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { createSigner } from '../lib/signed-tokens.ts';
import { createTestApp, OWNER, type TestApp } from '../test/test-app.ts';

// The access log (info level) must not hold live credentials: a logged recovery link changed a
// password, and download links work for days.
describe('URLs in the access log', () => {
  const lines: string[] = [];
  let t: TestApp;

  /** The `url` of every logged request, in order. */
  const loggedUrls = () =>
    lines.flatMap((line) => {
      const entry = JSON.parse(line) as { req?: { url?: string } };
      return entry.req?.url ? [entry.req.url] : [];
    });

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t.close());

  it('hides the token of a recovery link that is opened, keeping the path readable', async () => {
    const before = t.mailer.sent.length;
    await t.request({ method: 'POST', url: '/api/auth/recover_password_email', payload: { email: OWNER.email } });
    await vi.waitFor(() => expect(t.mailer.sent.length).toBe(before + 1));
    const link = t.mailer.sent.at(-1)?.text?.match(/https?:\/\/\S+\/recuperar-contrase\S+/)?.[0] ?? '';
    const { pathname } = new URL(link);
    const token = pathname.split('/').at(-1) ?? '';
    expect(token.length).toBeGreaterThan(30);

    await t.request({ method: 'GET', url: pathname });
    expect(lines.join('\n')).not.toContain(token);
    expect(loggedUrls()).toContain('/recuperar-contraseña/[oculto]');
  });

  it("hides the token of a calendar feed's address, whether it is live or revoked", async () => {
    const staff = await t.userWithRole('collaborator');
    const created = await t.request({
      method: 'POST',
      url: '/api/profile/calendar-feed',
      token: staff.token,
      payload: {},
    });
    const path = created.json().path as string;
    const token = path.split('/').at(-1)?.replace('.ics', '') ?? '';
    expect(token).toHaveLength(43);
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: '/api/profile/calendar-feed', token: staff.token });
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(lines.join('\n')).not.toContain(token);
    expect(loggedUrls().filter((url) => url === '/api/calendar-feed/[oculto]')).toHaveLength(2);
  });

  it('hides the token of download links, whichever way they were issued', async () => {
    const links = createDownloadLinks(loadSecrets({ DATA_DIR: t.dataDir }).tokenSecret, 7);
    const tokens = [
      links.create({ fileId: 23, via: 'portal', issuedTo: 1048 }),
      links.create({ fileId: 91_377, via: 'link', issuedTo: 48_213 }),
      links.create({ fileId: 5, via: 'email' }),
    ];
    for (const token of tokens) await t.request({ method: 'GET', url: `/api/download/${token}` });
    const log = lines.join('\n');
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.split('.')[0]);
    }
    expect(loggedUrls().filter((url) => url === '/api/download/[oculto]')).toHaveLength(3);
  });

  it('hides signed or secret query values (an OAuth return, a token parameter) and keeps the rest', async () => {
    const state = createSigner('otro-secreto-de-prueba-bastante-largo', 'google-oauth-state/v1').seal({ u: 1 }, 900);
    const code = '4/0AeanS0a-codigo-de-google-que-vale-tokens';
    await t.request({
      method: 'GET',
      url: `/calendario?code=${encodeURIComponent(code)}&state=${state}&scope=calendar.readonly`,
    });
    await t.request({ method: 'GET', url: '/api/algo?token=secreto-en-la-consulta&pagina=2' });
    const log = lines.join('\n');
    expect(log).not.toContain(state);
    expect(log).not.toContain('codigo-de-google');
    expect(log).not.toContain('secreto-en-la-consulta');
    expect(loggedUrls()).toContain('/calendario?code=[oculto]&state=[oculto]&scope=calendar.readonly');
    expect(loggedUrls()).toContain('/api/algo?token=[oculto]&pagina=2');
  });

  it('hides anything shaped like a signed token or a session token in any path', async () => {
    const session = await t.ownerToken();
    const signed = createDownloadLinks('otro-secreto-de-prueba-bastante-largo', 7).create({ fileId: 7, via: 'email' });
    await t.request({ method: 'GET', url: `/api/otra-ruta/${signed}/detalle` });
    await t.request({ method: 'GET', url: `/entrar/${session}` });
    const log = lines.join('\n');
    expect(log).not.toContain(signed);
    expect(log).not.toContain(session);
    expect(loggedUrls()).toContain('/api/otra-ruta/[oculto]/detalle');
    expect(loggedUrls()).toContain('/entrar/[oculto]');
  });

  it('keeps ordinary URLs as they are', async () => {
    await t.request({ method: 'GET', url: '/api/business/1048/folder/year/2026/month/10?search=ferreteria' });
    expect(loggedUrls()).toContain('/api/business/1048/folder/year/2026/month/10?search=ferreteria');
  });
});
