// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies
// the SQL migrations beside it, where start.ts looks for them.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
await cp('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js');
