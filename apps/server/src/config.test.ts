import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      SESSION_TTL_HOURS: 12,
      LOG_LEVEL: 'info',
      APP_URL: 'http://localhost:3000',
    });
    expect(config.DATA_DIR).toMatch(/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'no es una url'],
    ['ADMIN_EMAIL', 'admin'],
    ['ENCRYPTION_KEY', 'corta'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
  ])('refuses a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('never echoes the value of a variable that may hold a secret', () => {
    const attempt = () =>
      loadConfig({ DATABASE_URL: 'postgres://ana:clave-secreta@db', REDIS_URL: 'http://ana:clave-secreta@r' });
    expect(attempt).toThrow(/REDIS_URL: .*\(valor: \(oculto\)\)/);
    expect(attempt).not.toThrow(/clave-secreta/);
    expect(() => loadConfig({ ENCRYPTION_KEY: 'clave-secreta' })).not.toThrow(/clave-secreta/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/\(valor: "abc"\)/);
  });

  it('lets push subscriptions name a local fake push service only in tests, never in production', () => {
    expect(loadConfig({}).PUSH_TEST_LOOPBACK).toBe('off');
    expect(loadConfig({ PUSH_TEST_LOOPBACK: 'on' }).PUSH_TEST_LOOPBACK).toBe('on');
    expect(() => loadConfig({ PUSH_TEST_LOOPBACK: 'on', NODE_ENV: 'production' })).toThrow(/PUSH_TEST_LOOPBACK:/);
    expect(loadConfig({}).SCHEDULER_INTERVAL_SECONDS).toBe(60);
    expect(() => loadConfig({ SCHEDULER_INTERVAL_SECONDS: '0' })).toThrow(/SCHEDULER_INTERVAL_SECONDS:/);
  });

  it('encrypts stored files unless FILE_ENCRYPTION=off, which production refuses; takes the previous key of a rotation, never echoing it', () => {
    expect(loadConfig({}).FILE_ENCRYPTION).toBe('on');
    expect(loadConfig({ FILE_ENCRYPTION: 'off' }).FILE_ENCRYPTION).toBe('off');
    expect(() => loadConfig({ FILE_ENCRYPTION: 'off', NODE_ENV: 'production' })).toThrow(
      'FILE_ENCRYPTION: no se permite con NODE_ENV=production',
    );
    const key = Buffer.alloc(32, 3).toString('base64');
    expect(loadConfig({ PREVIOUS_ENCRYPTION_KEY: key }).PREVIOUS_ENCRYPTION_KEY).toBe(key);
    let refused = '';
    try {
      loadConfig({ PREVIOUS_ENCRYPTION_KEY: 'corta' });
    } catch (error) {
      refused = (error as Error).message;
    }
    expect(refused).toContain('PREVIOUS_ENCRYPTION_KEY: debe ser una clave de 32 bytes en base64 (valor: (oculto))');
    expect(() => loadConfig({ ENCRYPTION_KEY: key, PREVIOUS_ENCRYPTION_KEY: key })).toThrow(
      'PREVIOUS_ENCRYPTION_KEY: es la misma ENCRYPTION_KEY',
    );
  });

  it('keeps WhatsApp off by default, asks for its id and token together, and never echoes the token', () => {
    expect(loadConfig({})).toMatchObject({
      WHATSAPP_API_URL: 'https://graph.facebook.com',
      WHATSAPP_API_VERSION: 'v21.0',
      WHATSAPP_TEMPLATE_LANGUAGE: 'es',
      WHATSAPP_TEMPLATE_MESSAGE: 'nuevo_mensaje',
      WHATSAPP_TEMPLATE_REQUEST: 'solicitud_por_vencer',
      WHATSAPP_TEMPLATE_APPROVAL: 'aprobacion_pendiente',
      WHATSAPP_TEMPLATE_CHARGE: 'cobro_vencido',
    });
    expect(loadConfig({}).WHATSAPP_TOKEN).toBeUndefined();
    const token = 'EAAG-token-secreto-de-whatsapp-123456';
    expect(() => loadConfig({ WHATSAPP_TOKEN: token })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: es obligatoria cuando WHATSAPP_TOKEN está definida/,
    );
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '109876543210987' })).toThrow(
      /WHATSAPP_TOKEN: es obligatoria cuando WHATSAPP_PHONE_NUMBER_ID está definida/,
    );
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'corto-secreto', WHATSAPP_PHONE_NUMBER_ID: '1098765' })).toThrow(
      /WHATSAPP_TOKEN: .*\(valor: \(oculto\)\)/,
    );
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'corto-secreto', WHATSAPP_PHONE_NUMBER_ID: '1098765' })).not.toThrow(
      /corto-secreto/,
    );
    expect(() => loadConfig({ WHATSAPP_TEMPLATE_CHARGE: 'Cobro Vencido' })).toThrow(/WHATSAPP_TEMPLATE_CHARGE:/);
    expect(() => loadConfig({ WHATSAPP_API_VERSION: '21' })).toThrow(/WHATSAPP_API_VERSION:/);
    expect(loadConfig({ WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: '109876543210987' }).WHATSAPP_TOKEN).toBe(
      token,
    );
  });

  it('asks for the rest of the S3 settings when S3_BUCKET is set', () => {
    expect(() => loadConfig({ S3_BUCKET: 'estudio' })).toThrow(
      /S3_ENDPOINT: es obligatoria cuando S3_BUCKET está definida/,
    );
  });

  it('trusts no proxy by default, and reads TRUST_PROXY as on/off, a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });
});
