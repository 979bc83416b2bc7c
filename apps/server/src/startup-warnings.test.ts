import { describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from './config.ts';

describe('startupWarnings', () => {
  it('warns at start-up that mail is only kept in the outbox and that e-mailed links name localhost', () => {
    const config = loadConfig({ DATA_DIR: '/srv/estudio', PORT: '3000' });
    expect(config.appUrlConfigured).toBe(false);
    const warnings = startupWarnings(config);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/SMTP_URL no está definida.*\/srv\/estudio\/outbox/);
    expect(warnings[1]).toMatch(/APP_URL no está definida.*http:\/\/localhost:3000/);
  });

  it('says nothing once SMTP_URL and APP_URL are set, and never shows the SMTP password', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://u:secreto@smtp.example.com', APP_URL: 'http://192.168.1.10:3000' });
    expect(config.appUrlConfigured).toBe(true);
    expect(startupWarnings(config)).toEqual([]);
    const onlySmtp = startupWarnings(loadConfig({ SMTP_URL: 'smtps://u:secreto@smtp.example.com' }));
    expect(onlySmtp.join('\n')).not.toContain('secreto');
    expect(onlySmtp).toHaveLength(1);
  });
});
