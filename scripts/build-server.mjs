// Bundles the server into dist/server/main.js (and the backup commands beside it) (dependencies stay in node_modules) and copies
// the SQL migrations beside it, where start.ts looks for them.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';

await rm('dist/server', { recursive: true, force: true });
await build({
  // The server, and the backup and restore commands (ADR 048) that run beside it.
  entryPoints: { main: 'src/server/main.ts', backup: 'src/server/backup-cli.ts', restore: 'src/server/restore-cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js, backup.js, restore.js');
