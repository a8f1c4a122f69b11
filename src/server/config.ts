import { z } from 'zod';
import path from 'node:path';
import { newPasswordProblem } from '../domain/password-rules';
import { isCommonPassword } from './auth/common-passwords';
import { BACKUP_ENV, backupConfig } from './backup/settings';

// Every setting comes from the environment, is parsed once at start, and a bad value stops the
// start with a message that names the variable (ARCHITECTURE.md §3).
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A whole number from the environment; anything else is refused in Spanish, naming the fix. */
const wholeNumber = (name: string, min: number, max: number, example: number) => {
  const message = `debe ser un número entero entre ${min} y ${max} (por ejemplo ${name}=${example})`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};
const port = (name: string, example: number) => wholeNumber(name, 1, 65_535, example);

const EnvSchema = z
  .object({
    PORT: port('PORT', 3000).default(3000),
    HOST: z.string().trim().min(1, 'no puede estar vacío (por ejemplo HOST=127.0.0.1)').default('127.0.0.1'),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'debe ser una dirección http(s):// (por ejemplo PUBLIC_URL=https://reservas.tusalon.es)' }).optional()),
    DATA_DIR: z.string().trim().min(1, 'no puede estar vacío (por ejemplo DATA_DIR=/var/lib/auna)').default('./data'),
    DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres://').optional()),
    EMBEDDED_PG_PORT: port('EMBEDDED_PG_PORT', 54329).default(54329),
    ADMIN_EMAIL: optionalText.pipe(z.email('debe ser una dirección de correo').optional()),
    // A staff password: at least 12 characters (ADR 025).
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'al menos 12 caracteres').optional()),
    ADMIN_RESET: optionalText.pipe(z.enum(['true', 'false'], { error: 'true o false' }).optional()),
    SEED: optionalText.pipe(z.enum(['demo'], { error: 'solo puede ser demo (o no estar)' }).optional()),
    SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'debe empezar por smtp:// o smtps://').optional()),
    MAIL_FROM: optionalText.default('Auna <no-reply@auna.local>'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER: optionalText.pipe(z.url('debe ser una dirección https://').optional()).default('https://accounts.google.com'),
    // 'true' = one proxy in front; a number = that many proxies (the address the outermost one saw).
    TRUST_PROXY: optionalText.pipe(z.string().regex(/^(true|false|[0-9])$/, 'true, false o el número de proxies (0-9)').optional()),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'uno de fatal, error, warn, info, debug, trace o silent' })
      .default('info'),
    WEB_CONCURRENCY: wholeNumber('WEB_CONCURRENCY', 1, 64, 2).default(1),
    // How long a start waits for a database that does not answer yet (docs/operations.md).
    DATABASE_WAIT_SECONDS: wholeNumber('DATABASE_WAIT_SECONDS', 0, 3600, 60).default(60),
    // Free space on DATA_DIR's disk: below WARN a warning for the admin and the log; below MIN
    // /api/health/ready answers 503 (docs/decisions/046-health-readiness-and-outages.md).
    DISK_WARN_FREE_MB: wholeNumber('DISK_WARN_FREE_MB', 0, 10_000_000, 2048).default(2048),
    DISK_MIN_FREE_MB: wholeNumber('DISK_MIN_FREE_MB', 0, 10_000_000, 200).default(200),
    ...BACKUP_ENV,
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'hace falta cuando ADMIN_EMAIL está definido' });
    }
    // The rule every staff password meets (domain/password-rules.ts), checked at start: the
    // admin's is set here, never through sign-up or reset where the list is checked.
    if (env.ADMIN_PASSWORD && newPasswordProblem(env.ADMIN_PASSWORD, { staff: true, isCommon: isCommonPassword })?.code === 'PASSWORD_TOO_COMMON') {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'es una de las contraseñas más comunes y fáciles de adivinar: elige otra' });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'hace falta cuando ADMIN_PASSWORD está definido' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET van juntos',
      });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    // One line per variable: what is wrong and how to put it right, never a stack trace.
    const lines = parsed.error.issues.map((i) => `Configuración no válida: ${i.path.join('.') || '(entorno)'}: ${i.message}`);
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...backupConfig(e, path.resolve(e.DATA_DIR)),
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, reset: e.ADMIN_RESET === 'true' } : undefined,
    seed: e.SEED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Auna <no-reply@auna.local>',
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER.replace(/\/+$/, '') }
        : undefined,
    trustProxy: e.TRUST_PROXY === 'true' || Number(e.TRUST_PROXY) > 0,
    /** How many proxies in front append to X-Forwarded-For; the client is the hop the outermost one saw (ADR 025). */
    trustProxyHops: e.TRUST_PROXY === 'true' ? 1 : /^[0-9]$/.test(e.TRUST_PROXY ?? '') ? Number(e.TRUST_PROXY) : 0,
    logLevel: e.LOG_LEVEL,
    /** HTTP worker processes (node:cluster); 1 = the single process, as before (ADR 015) */
    workers: e.WEB_CONCURRENCY,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    disk: { warnFreeBytes: e.DISK_WARN_FREE_MB * 1024 * 1024, minFreeBytes: e.DISK_MIN_FREE_MB * 1024 * 1024 },
  };
}
