import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createMailer } from './mailer.ts';

describe('mail without SMTP_URL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message as an .eml file in DATA_DIR/outbox', async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Estudio <no-reply@estudio.cl>' }));
    const sent = await mailer.send({
      to: ['ana@empresa.cl', 'luis@empresa.cl'],
      subject: 'Pago Previsión',
      text: 'Hola, señora',
    });
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(sent.response).toContain(files[0]);
    expect(sent.outbox).toBe(true);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ana@empresa.cl, luis@empresa.cl');
    expect(eml).toContain('Subject: =?UTF-8?Q?Pago_Previsi=C3=B3n?=');
    expect(eml).toContain('From: Estudio <no-reply@estudio.cl>');
  });
});
