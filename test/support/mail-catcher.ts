import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { rememberLinkTokens } from './run-log';

/** A mail as a test reads it: envelope recipients, decoded subject and text part. */
export type CaughtMail = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** the text/calendar part (an .ics invitation), when there is one */
  calendar?: string;
  /** top-level headers, names lowercased (e.g. x-auna-message-key, list-unsubscribe) */
  headers: Record<string, string>;
  receivedAt: string;
};

// ---- a small MIME reader: enough for what nodemailer sends (multipart/alternative, QP or base64) ----

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = sep < 0 ? raw : raw.slice(0, sep);
  const body = sep < 0 ? '' : raw.slice(sep).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): Buffer {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding = ''): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as in a Spanish subject. */
export function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _cs: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function parts(raw: string): { type: string; text: string }[] {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => parts(p.replace(/^\r?\n/, '')));
  }
  return [{ type: type.split(';')[0]!.trim().toLowerCase(), text: decodeBody(body, headers.get('content-transfer-encoding')) }];
}

/** Reads a raw RFC 5322 message into subject, text and html. */
export function parseMail(raw: string): { subject: string; text: string; html?: string; calendar?: string; headers: Record<string, string> } {
  const { headers } = splitHead(raw);
  const all = parts(raw);
  const text = all.find((p) => p.type === 'text/plain')?.text ?? '';
  const html = all.find((p) => p.type === 'text/html')?.text;
  const calendar = all.find((p) => p.type === 'text/calendar')?.text;
  return { subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n'), html, calendar, headers: Object.fromEntries(headers) };
}

/** The first http(s) link in a text. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"']+/.exec(text)?.[0];
}

// ---- the server ----

export type MailCatcher = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL */
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Resolves with the first mail (already caught or arriving later) to `to` that matches. */
  waitFor: (to: string, opts?: { timeout?: number; match?: (m: CaughtMail) => boolean }) => Promise<CaughtMail>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server in this process (npm smtp-server) on a free loopback port: plain SMTP, any
 * sender accepted, no auth. With `dir`, each mail is also written there as JSON ({to, subject, text, …}),
 * so another process (a Playwright worker) can read it.
 */
export async function startMailCatcher(opts: { dir?: string } = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  if (opts.dir) await mkdir(opts.dir, { recursive: true });
  let seq = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parsed,
          receivedAt: new Date().toISOString(),
        };
        mails.push(mail);
        rememberLinkTokens(`${mail.text}\n${mail.html ?? ''}`);
        const write = opts.dir
          ? writeFile(path.join(opts.dir, `${Date.now()}-${String(++seq).padStart(4, '0')}.json`), JSON.stringify(mail, null, 2))
          : Promise.resolve();
        write.then(
          () => {
            for (const w of waiters) w();
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // smtp-server's type does not expose the net.Server it wraps.
  const port = ((server as unknown as { server: { address: () => AddressInfo } }).server.address()).port;

  const waitFor: MailCatcher['waitFor'] = (to, o = {}) => {
    const want = to.toLowerCase();
    const find = () => mails.find((m) => m.to.includes(want) && (!o.match || o.match(m)));
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = find();
        if (!m) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(m);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no mail to ${to} within ${o.timeout ?? 10_000} ms`));
      }, o.timeout ?? 10_000);
      waiters.add(check);
      check();
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
