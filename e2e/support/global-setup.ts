import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/support/free-port';
import { startMailCatcher, type MailCatcher } from '../../test/support/mail-catcher';
import { startOidcProvider, type OidcProvider } from '../../test/support/oidc-provider';
import { RUN_LOG_ENV } from '../../test/support/run-log';

export const STATE_ENV = 'AUNA_E2E_STATE';

/** What global-setup leaves for the tests (process.env, inherited by workers) and for the teardown (the file). */
export type E2eState = {
  baseURL: string;
  mailDir: string;
  root: string;
  dataDir: string;
  appPid: number;
};

/** Live handles for global-teardown.ts, which runs in this same runner process. */
export type E2eHandles = { app: ChildProcess; mail: MailCatcher; oidc: OidcProvider; state: E2eState; serverLog: WriteStream; logDir: string };
const g = globalThis as typeof globalThis & { __aunaE2E?: E2eHandles };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForHealth(url: string, app: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null || app.signalCode !== null) throw new Error(`the app exited while starting:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`the app did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

export default async function globalSetup() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'auna-e2e-'));
  // As root, PostgreSQL runs as `postgres`, which must be able to reach DATA_DIR/pg (mkdtemp makes 700).
  await chmod(root, 0o755);
  const mailDir = path.join(root, 'mail');
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir, { recursive: true });

  // Every line the server logs, and the tokens of the mails it sends, are searched for secrets when
  // the run ends (global-teardown.ts, test/support/run-log.ts); workers inherit the variable.
  const logDir = path.join(root, 'logs');
  await mkdir(logDir, { recursive: true });
  process.env[RUN_LOG_ENV] = logDir;
  const serverLog = createWriteStream(path.join(logDir, 'e2e-server.log'));

  const mail = await startMailCatcher({ dir: mailDir });
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const oidc = await startOidcProvider({
    redirectUris: [`${baseURL}/api/auth/callback/google`],
    user: { sub: 'google-lucia-0001', email: 'lucia.google@example.com', name: 'Lucía Google' },
  });

  // The built app when there is one (`npm run test:e2e` builds first); the sources otherwise.
  // The build is run from a snapshot of dist/, so a rebuild during the run (`npm run build`
  // in another terminal empties dist/web first) cannot pull the app out from under the tests.
  const built = existsSync(path.join(ROOT, 'dist/server/main.js')) && existsSync(path.join(ROOT, 'dist/web/index.html'));
  let cwd = ROOT;
  let args = ['--import', 'tsx', 'src/server/main.ts'];
  if (built) {
    cwd = path.join(root, 'app');
    await cp(path.join(ROOT, 'dist'), path.join(cwd, 'dist'), { recursive: true });
    await cp(path.join(ROOT, 'package.json'), path.join(cwd, 'package.json')); // "type": "module"
    await symlink(path.join(ROOT, 'node_modules'), path.join(cwd, 'node_modules'), 'dir');
    args = ['dist/server/main.js'];
  } else {
    console.warn('[e2e] dist/ is missing or incomplete: starting the server from src with tsx (no web app is served without dist/web)');
  }

  const app = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED: 'demo',
      SMTP_URL: mail.url,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
      // Each test context sends its own X-Forwarded-For (fixtures.ts), so the per-address sign-in
      // limits of one test do not spill into the next; the per-account limits still apply.
      TRUST_PROXY: 'true',
      LOG_LEVEL: process.env.AUNA_E2E_LOG_LEVEL ?? 'debug',
      // No nightly backup of the run's throwaway salon when the run crosses the schedule's minute (ADR 048).
      BACKUP_TIME: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
    serverLog.write(d);
    if (process.env.AUNA_E2E_SERVER_LOG) process.stderr.write(d);
  };
  app.stdout!.on('data', keep);
  app.stderr!.on('data', keep);

  const state: E2eState = { baseURL, mailDir, root, dataDir, appPid: app.pid! };
  g.__aunaE2E = { app, mail, oidc, state, serverLog, logDir };
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, app, () => output);
  } catch (err) {
    app.kill('SIGKILL');
    await mail.close();
    await oidc.close();
    throw err;
  }

  const stateFile = path.join(root, 'state.json');
  await writeFile(stateFile, JSON.stringify(state, null, 2));
  process.env[STATE_ENV] = stateFile;
  process.env.AUNA_E2E_BASE_URL = baseURL;
  process.env.AUNA_E2E_MAIL_DIR = mailDir;
}
