import { expect, it } from 'vitest';
import { spawnServer } from './support/child-server';

it('a bad PORT stops `src/server/main.ts` with a non-zero exit that names PORT', { timeout: 60_000 }, async () => {
  const child = spawnServer({ PORT: 'abc', DATA_DIR: '/nonexistent/never-created', LOG_LEVEL: 'silent' });
  const { code } = await child.exited;
  expect(code).not.toBe(0);
  expect(code).not.toBeNull();
  expect(child.output()).toContain('PORT');
});

it('ADMIN_EMAIL without ADMIN_PASSWORD stops the start naming ADMIN_PASSWORD', { timeout: 60_000 }, async () => {
  const child = spawnServer({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: '', DATA_DIR: '/nonexistent/never-created' });
  const { code } = await child.exited;
  expect(code).toBe(1);
  expect(child.output()).toContain('ADMIN_PASSWORD');
});

it('an ADMIN_PASSWORD from the list of the most common passwords stops the start naming ADMIN_PASSWORD', { timeout: 60_000 }, async () => {
  const child = spawnServer({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'qwerty123456', DATA_DIR: '/nonexistent/never-created' });
  const { code } = await child.exited;
  expect(code).toBe(1);
  expect(child.output()).toContain('ADMIN_PASSWORD: es una de las contraseñas más comunes');
});
