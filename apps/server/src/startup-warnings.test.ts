import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startupWarningBlock, startupWarnings } from './startup-warnings.ts';

const SMTP_URL = 'smtps://u:secreto@smtp.example.com';
const APP_URL = 'http://192.168.1.10:3000';

describe('startupWarnings', () => {
  it('lists in one block what is not configured and what that means: the outbox, localhost links, no backups', () => {
    const config = loadConfig({ DATA_DIR: '/srv/estudio', PORT: '3000' });
    expect(config.appUrlConfigured).toBe(false);
    const warnings = startupWarnings(config);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/SMTP_URL no está definida.*\/srv\/estudio\/outbox/);
    expect(warnings[1]).toMatch(/APP_URL no está definida.*http:\/\/localhost:3000/);
    expect(warnings[2]).toMatch(/No hay respaldos programados \(BACKUP_TIME o BACKUP_CRON sin definir\)/);
    const block = startupWarningBlock(warnings)?.split('\n');
    expect(block?.[0]).toBe('Aviso: falta configuración (el servidor funciona, pero):');
    expect(block?.slice(1)).toEqual(warnings.map((warning) => `  - ${warning}`));
  });

  it('says nothing once mail, APP_URL and a backup schedule are set, and never shows the SMTP password', () => {
    const config = loadConfig({ SMTP_URL, APP_URL, BACKUP_TIME: '02:30' });
    expect(config.appUrlConfigured).toBe(true);
    expect(startupWarnings(config)).toEqual([]);
    expect(startupWarnings(loadConfig({ SMTP_URL, APP_URL, BACKUP_CRON: '0 3 * * *' }))).toEqual([]);
    expect(startupWarningBlock([])).toBeUndefined();
    const onlySmtp = startupWarnings(loadConfig({ SMTP_URL, BACKUP_TIME: '02:30' }));
    expect(onlySmtp.join('\n')).not.toContain('secreto');
    expect(onlySmtp).toHaveLength(1);
    // A blank schedule schedules nothing.
    expect(startupWarnings(loadConfig({ SMTP_URL, APP_URL, BACKUP_TIME: '  ' }))).toHaveLength(1);
  });
});
