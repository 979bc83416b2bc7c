import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '../../test/test-app.ts';
import { recoveryMail } from './recovery-mail.ts';

describe('the recovery e-mail’s link', () => {
  it('percent-encodes the ñ of /recuperar-contraseña in the text and in the html, so no mail client cuts it', () => {
    const mail = recoveryMail('Ana', 'https://estudio.example.cl/recuperar-contraseña/abc_DEF-123');
    const encoded = 'https://estudio.example.cl/recuperar-contrase%C3%B1a/abc_DEF-123';
    expect(mail.text).toContain(`\n${encoded}\n`);
    expect(mail.html).toContain(`<a href="${encoded}">${encoded}</a>`);
    expect(mail.text).not.toContain('contraseña/');
    expect(mail.html).not.toContain('contraseña/');
  });

  it('leaves a link already encoded as it is', () => {
    const encoded = 'https://estudio.example.cl/recuperar-contrase%C3%B1a/abc';
    expect(recoveryMail('Ana', encoded).text).toContain(`\n${encoded}\n`);
  });
});

describe('POST /api/auth/recover_password_email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://estudio.example.cl' });
  });
  afterAll(() => t.close());

  it('mails a link on APP_URL whose path is percent-encoded', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/recover_password_email',
      payload: { email: OWNER.email },
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    expect(t.mailer.sent[0]?.text).toMatch(/\nhttps:\/\/estudio\.example\.cl\/recuperar-contrase%C3%B1a\/[\w-]+\n/);
  });
});
