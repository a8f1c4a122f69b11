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
