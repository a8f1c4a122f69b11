import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

// A bad value stops the start with a message that names the variable (ARCHITECTURE.md §3).
function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('loadConfig accepted ' + JSON.stringify(env));
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.embeddedPgPort).toBe(54329);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.admin).toBeUndefined();
    expect(c.google).toBeUndefined();
    expect(c.seed).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(c.secureCookies).toBe(false);
    expect(c.workers).toBe(1);
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://reservas.example.es/' }).publicUrl).toBe('https://reservas.example.es');
    expect(loadConfig({ PUBLIC_URL: 'https://reservas.example.es' }).secureCookies).toBe(true);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '0.5' }],
    ['PORT', { PORT: '70000' }],
    ['EMBEDDED_PG_PORT', { EMBEDDED_PG_PORT: 'x' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['SMTP_URL', { SMTP_URL: 'correo' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com' }],
    ['ADMIN_EMAIL', { ADMIN_PASSWORD: 'secreto-largo' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'no-es-un-email', ADMIN_PASSWORD: 'secreto-largo' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: '123' }],
    // ADR 025: the admin is staff, 12 characters at least
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'once-letras' }],
    // one of the 10,000 most common passwords, however long (the November review)
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'qwerty123456' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: '1QAZ2WSX3EDC' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['ADMIN_RESET', { ADMIN_RESET: 'si' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://x.example' }],
    ['SEED', { SEED: 'everything' }],
    ['GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_ID: 'id-only' }],
    ['GOOGLE_CLIENT_ID', { GOOGLE_CLIENT_SECRET: 'secret-only' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['WEB_CONCURRENCY', { WEB_CONCURRENCY: '0' }],
    ['WEB_CONCURRENCY', { WEB_CONCURRENCY: 'dos' }],
    ['WEB_CONCURRENCY', { WEB_CONCURRENCY: '1.5' }],
  ])('names %s in the error for %j', (name, env) => {
    expect(errorOf(env).message).toContain(name);
  });

  it('accepts a complete production configuration', () => {
    const c = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://auna.example.es',
      DATABASE_URL: 'postgres://u:p@db:5432/auna',
      ADMIN_EMAIL: 'Admin@Example.com',
      ADMIN_PASSWORD: 'muy-secreta-larga',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      GOOGLE_CLIENT_ID: 'cid',
      GOOGLE_CLIENT_SECRET: 'csecret',
      GOOGLE_ISSUER: 'https://accounts.google.com/',
      TRUST_PROXY: 'true',
    });
    expect(c.admin).toEqual({ email: 'admin@example.com', password: 'muy-secreta-larga', reset: false });
    expect(c.google).toEqual({ clientId: 'cid', clientSecret: 'csecret', issuer: 'https://accounts.google.com' });
    expect(c.trustProxy).toBe(true);
    expect(c.trustProxyHops).toBe(1);
    expect(c.port).toBe(8080);
  });

  it.each([
    ['true', true, 1],
    ['false', false, 0],
    ['2', true, 2],
    ['0', false, 0],
  ])('TRUST_PROXY=%s: trusted %s, %s proxies (ADR 025)', (v, trusted, hops) => {
    const c = loadConfig({ TRUST_PROXY: v });
    expect(c.trustProxy).toBe(trusted);
    expect(c.trustProxyHops).toBe(hops);
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ SMTP_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', DATABASE_URL: '' });
    expect(c.smtpUrl).toBeUndefined();
    expect(c.admin).toBeUndefined();
    expect(c.databaseUrl).toBeUndefined();
  });
});

describe('loadConfig in Spanish', () => {
  it.each([
    [{ PORT: 'abc' }, 'Configuración no válida: PORT: debe ser un número entero entre 1 y 65535 (por ejemplo PORT=3000)'],
    [{ EMBEDDED_PG_PORT: '99999' }, 'Configuración no válida: EMBEDDED_PG_PORT: debe ser un número entero entre 1 y 65535 (por ejemplo EMBEDDED_PG_PORT=54329)'],
    [{ WEB_CONCURRENCY: 'dos' }, 'Configuración no válida: WEB_CONCURRENCY: debe ser un número entero entre 1 y 64 (por ejemplo WEB_CONCURRENCY=2)'],
    [{ DATABASE_WAIT_SECONDS: '-1' }, 'Configuración no válida: DATABASE_WAIT_SECONDS: debe ser un número entero entre 0 y 3600 (por ejemplo DATABASE_WAIT_SECONDS=60)'],
    [{ DISK_MIN_FREE_MB: '1,5' }, 'Configuración no válida: DISK_MIN_FREE_MB: debe ser un número entero entre 0 y 10000000 (por ejemplo DISK_MIN_FREE_MB=200)'],
    [{ LOG_LEVEL: 'loud' }, 'Configuración no válida: LOG_LEVEL: uno de fatal, error, warn, info, debug, trace o silent'],
    [{ PUBLIC_URL: 'ftp://x' }, 'Configuración no válida: PUBLIC_URL: debe ser una dirección http(s):// (por ejemplo PUBLIC_URL=https://reservas.tusalon.es)'],
  ])('%j: one line that names the variable and the fix', (env, line) => {
    expect(errorOf(env).message).toBe(line);
  });

  it('reads the wait for the database and the disk thresholds', () => {
    const c = loadConfig({ DATABASE_WAIT_SECONDS: '5', DISK_WARN_FREE_MB: '100', DISK_MIN_FREE_MB: '10' });
    expect(c.databaseWaitSeconds).toBe(5);
    expect(c.disk).toEqual({ warnFreeBytes: 100 * 1024 * 1024, minFreeBytes: 10 * 1024 * 1024 });
    expect(loadConfig({}).databaseWaitSeconds).toBe(60);
  });
});
