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
