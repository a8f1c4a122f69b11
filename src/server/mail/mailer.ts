import { randomUUID } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar part (text/calendar; method=…) that calendar apps offer to add */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
  /** E.g. List-Unsubscribe, X-Auna-Message-Key */
  headers?: Record<string, string>;
  /** A stable Message-ID (from the idempotency key), so a resend is recognisably the same mail */
  messageId?: string;
};
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * What a log line says of a mail: the recipient's domain and the message key, never the address
 * (a deleted account must leave nothing in the logs that names her: ADR 033), nor a hash of it
 * (anyone holding the address could confirm it against the log).
 */
export function mailLogFields(mail: Mail) {
  const domain = mail.to.includes('@') ? mail.to.slice(mail.to.lastIndexOf('@') + 1).replace(/[>\s]+$/, '').toLowerCase() : '';
  return { toDomain: domain, subject: mail.subject, ...(mail.headers?.['X-Auna-Message-Key'] ? { key: mail.headers['X-Auna-Message-Key'] } : {}) };
}

/** An outbox file's name: when, and a random part; the address stays inside the file only. */
export function outboxFileName(at: Date): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail is logged and written to
 * DATA_DIR/outbox/*.eml so a developer can open the reset link without a mail server.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    // Short timeouts: a queued message whose SMTP server hangs fails and is retried later
    // instead of holding its job (ADR 021).
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info(mailLogFields(mail), 'mail sent');
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await stream.sendMail({ from: opts.from, ...mail });
      // Reset links are in these files: only the server's user may read them (ADR 027).
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      await chmod(outbox, 0o700);
      const file = path.join(outbox, outboxFileName(new Date()));
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log.info({ ...mailLogFields(mail), file }, 'mail written to outbox (no SMTP_URL)');
    },
  };
}
