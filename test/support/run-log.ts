import { appendFileSync, createWriteStream, type WriteStream } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-data';

// The security review (ADR 025) asked that "a test greps every log line of a full test run for
// tokens, passwords and cookies".
// The integration and reliability runs (test/global-setup.ts) and the e2e run
// (e2e/support/global-setup.ts) name a directory in AUNA_RUN_LOG_DIR, inherited by every test
// process. Each server the run starts writes its log there (`trace` in-process, the most
// talkative level); the helpers that see secrets (passwords sent, cookies received, tokens in
// mails) write them beside it; when the run ends, searchRunLogs reads every line (findLeaks).
// Without the variable (unit tests, the bench) all of this does nothing.

export const RUN_LOG_ENV = 'AUNA_RUN_LOG_DIR';

export function runLogDir(): string | undefined {
  return process.env[RUN_LOG_ENV] || undefined;
}

let seq = 0;
const fileName = (kind: string) => `${kind}-${process.pid}-${++seq}.log`;

/** A pino destination in the run's log directory, or undefined outside such a run. */
export function runLogDestination(): pino.DestinationStream | undefined {
  const dir = runLogDir();
  return dir ? pino.destination({ dest: path.join(dir, fileName('server')), sync: true }) : undefined;
}

/** A file in the run's log directory for a child server's output, or undefined. */
export function runLogStream(): WriteStream | undefined {
  const dir = runLogDir();
  return dir ? createWriteStream(path.join(dir, fileName('child'))) : undefined;
}

/**
 * Whether a value a test used as a password or token can be searched for. Not: short values, a
 * plain word ('password' and 'Password' are what the common-password tests send, and also words of
 * better-auth's own messages), and the demo password, which `npm run demo` prints on purpose with
 * the demo accounts (README) and which opens nothing but the demo salon.
 */
export function isSearchable(v: string): boolean {
  return v.length >= MIN_SECRET && !/\s/.test(v) && !/^[A-Za-z][a-z]*$/.test(v) && v !== DEMO_PASSWORD;
}

/** Values that must never appear in a log line. */
export function rememberSecret(...values: (string | undefined | null)[]): void {
  const dir = runLogDir();
  if (!dir) return;
  const keep = values.filter((v): v is string => typeof v === 'string' && isSearchable(v));
  if (keep.length > 0) appendFileSync(path.join(dir, `secrets-${process.pid}.txt`), keep.join('\n') + '\n');
}

/** A cookie value as the server sent it, decoded, and its part before the signature. */
export function rememberCookie(value: string): void {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // keep the raw value
  }
  rememberSecret(value, decoded, decoded.split('.')[0]);
}

/** Every token-like part of the links in a mail (reset, verification, stop-reminders). */
export function rememberLinkTokens(text: string): void {
  for (const m of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    let url: URL;
    try {
      url = new URL(m[0]);
    } catch {
      continue;
    }
    for (const [k, v] of url.searchParams) if (/token/i.test(k)) rememberSecret(v);
    // Any segment shaped like a token: the reset link's, the consent link's (two parts and a dot).
    for (const segment of url.pathname.split('/')) if (/^[A-Za-z0-9_.-]{16,}$/.test(segment) && /[A-Z0-9]/.test(segment)) rememberSecret(segment, ...segment.split('.'));
  }
}

export const MIN_SECRET = 8;

/** What gives a secret away even when the test did not see its value. */
export const LEAK_PATTERNS: { why: string; re: RegExp }[] = [
  { why: 'a session cookie value', re: /session_(?:token|data)=(?!\[oculto\])[^;\s",]{8,}/ },
  { why: 'a password field', re: /"(?:password|newPassword|currentPassword)"\s*:\s*"(?!\[oculto\])[^"]/i },
  { why: 'a token in a URL', re: /[?&](?:token|callbackToken)=(?!\[oculto\])[A-Za-z0-9._~%-]{12,}/ },
  { why: 'a reset link token', re: /\/reset-password\/[A-Za-z0-9_-]{12,}/ },
  { why: 'a cookie or authorization header', re: /"(?:cookie|set-cookie|authorization)"\s*:\s*"(?!\[oculto\])/i },
  // Any token of any kind by its shape, seen by the run or not (docs/decisions/050-no-token-in-a-log-line.md).
  { why: 'a consent link token', re: /\/(?:firma|consents\/sign)\/(?!\[oculto\]|(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z-]+)(?![^/"\s]))[^/\s"?#]+/ },
  { why: 'a signed link token (stop-reminders, consent)', re: /[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/ },
  { why: 'a JWT (email verification)', re: /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./ },
  { why: 'a token query value', re: /[?&][A-Za-z_]*token=(?!\[oculto\])[^&\s"#]+/i },
  { why: 'a gift card code', re: /(?<![A-Za-z0-9_-])[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{2}(?![A-Za-z0-9_-])/ },
];

export type Leak = { file: string; line: number; why: string; text: string };

/**
 * The log lines that hold a secret: one of `secrets` as a whole word (split on what cannot be part
 * of a token) or one of LEAK_PATTERNS.
 */
export function findLeaks(file: string, text: string, secrets: ReadonlySet<string>): Leak[] {
  const out: Leak[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const pattern = LEAK_PATTERNS.find((p) => p.re.test(line));
    if (pattern) {
      out.push({ file, line: i + 1, why: pattern.why, text: line.slice(0, 300) });
      continue;
    }
    for (const word of line.split(/[^A-Za-z0-9._~%+/=-]+/)) {
      if (word.length < MIN_SECRET) continue;
      const hit = secrets.has(word) ? word : word.split(/[.=/]/).find((part) => part.length >= MIN_SECRET && secrets.has(part));
      if (hit) {
        out.push({ file, line: i + 1, why: `the secret ${hit.slice(0, 4)}…`, text: line.slice(0, 300) });
        break;
      }
    }
  }
  return out;
}

/**
 * Every log line of a run (integration or e2e), searched for the passwords, cookies and tokens
 * the run's helpers saw, and for anything shaped like one. A hit fails the run and names the line.
 */
export async function searchRunLogs(dir: string): Promise<void> {
  const files = await readdir(dir);
  const secrets = new Set<string>();
  for (const f of files.filter((n) => n.startsWith('secrets-'))) {
    for (const s of (await readFile(path.join(dir, f), 'utf8')).split('\n')) if (s) secrets.add(s);
  }
  const leaks: Leak[] = [];
  let lines = 0;
  for (const f of files.filter((n) => n.endsWith('.log'))) {
    const text = await readFile(path.join(dir, f), 'utf8');
    lines += text.split('\n').length - 1;
    leaks.push(...findLeaks(f, text, secrets));
  }
  const summary = `logs: ${lines} log lines of ${files.filter((n) => n.endsWith('.log')).length} servers searched for ${secrets.size} secrets the run used: ${leaks.length} found`;
  console.log(summary);
  // A run of one file may see no secret at all; the patterns are searched for all the same.
  if (leaks.length > 0) {
    process.exitCode = 1;
    throw new Error(`${summary} (logs kept in ${dir}):\n${leaks.slice(0, 20).map((l) => `${l.file}:${l.line} ${l.why}: ${l.text}`).join('\n')}`);
  }
  await rm(dir, { recursive: true, force: true });
}
