import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CaughtMail } from '../../test/support/mail-catcher';

export type { CaughtMail };
export { firstLink } from '../../test/support/mail-catcher';

function mailDir(): string {
  const dir = process.env.AUNA_E2E_MAIL_DIR;
  if (!dir) throw new Error('AUNA_E2E_MAIL_DIR is not set: run through playwright.config.ts (its global setup starts the SMTP server)');
  return dir;
}

/** Every mail the test SMTP server has received so far, oldest first. */
export async function allMails(): Promise<CaughtMail[]> {
  const dir = mailDir();
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const out: CaughtMail[] = [];
  for (const f of files) {
    try {
      out.push(JSON.parse(await readFile(path.join(dir, f), 'utf8')) as CaughtMail);
    } catch {
      // being written right now: the next poll reads it
    }
  }
  return out;
}

/**
 * Waits for a mail to `to` received by the test SMTP server. With `after`, only mails received
 * after that moment count (so a test is not fooled by an earlier mail to the same address).
 */
export async function waitForMail(
  to: string,
  opts: { timeout?: number; after?: Date; match?: (m: CaughtMail) => boolean } = {},
): Promise<CaughtMail> {
  const want = to.toLowerCase();
  const deadline = Date.now() + (opts.timeout ?? 10_000);
  for (;;) {
    const found = (await allMails()).find(
      (m) => m.to.includes(want) && (!opts.after || Date.parse(m.receivedAt) >= opts.after.getTime()) && (!opts.match || opts.match(m)),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${opts.timeout ?? 10_000} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
