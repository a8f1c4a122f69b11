import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createMailer, mailLogFields } from './mailer';

// A deleted account must leave nothing that names her (ADR 033): the outbox (no SMTP_URL) names
// its files without the address, and no log line holds the address.

describe('the mail outbox and its log lines', () => {
  it('names the file without the address and logs only the domain', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'auna-mailer-'));
    const lines: string[] = [];
    const log = createLogger('trace', { write: (l: string) => void lines.push(l) });
    try {
      const mailer = createMailer({ from: 'Auna <no-reply@auna.test>', dataDir, log });
      await mailer.send({ to: 'marta.privada@example.com', subject: 'Restablece tu contraseña de Auna', text: 'hola' });
      const files = await readdir(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f-]{36}\.eml$/);
      expect(files[0]).not.toContain('marta');
      // The file itself still holds the mail, addressed to her (it is what a developer opens).
      expect(await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8')).toContain('marta.privada@example.com');
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain('marta');
      expect(JSON.parse(lines[0]!)).toMatchObject({ toDomain: 'example.com', subject: 'Restablece tu contraseña de Auna' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['ana@example.com', 'example.com'],
    ['Ana <Ana@Example.COM>', 'example.com'],
    ['sin-arroba', ''],
  ])('%s is logged as domain %j', (to, domain) => {
    expect(mailLogFields({ to, subject: 's', text: '' })).toEqual({ toDomain: domain, subject: 's' });
  });

  it('keeps the message key for tracing a mail', () => {
    expect(mailLogFields({ to: 'a@b.es', subject: 's', text: '', headers: { 'X-Auna-Message-Key': 'confirmation:client:x:0' } })).toMatchObject({ key: 'confirmation:client:x:0' });
  });
});
