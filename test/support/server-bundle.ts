import { build } from 'esbuild';
import { cp, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './child-server';

/**
 * The server as a release installs it, from today's sources, in `dir`: `dist/server/main.js` (the
 * same esbuild bundle as scripts/build-server.mjs) with its migrations, the package.json scripts
 * `npm start` runs, and node_modules linked from the checkout. The checkout's own dist/ is left
 * alone (the e2e run builds it).
 */
export async function serverBundle(dir: string): Promise<string> {
  await build({
    entryPoints: [path.join(REPO_ROOT, 'src/server/main.ts')],
    outfile: path.join(dir, 'dist/server/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  await cp(path.join(REPO_ROOT, 'src/server/db/migrations'), path.join(dir, 'dist/server/migrations'), { recursive: true });
  const pkg = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    type: string;
    scripts: { start: string };
  };
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: pkg.name, version: pkg.version, type: pkg.type, scripts: { start: pkg.scripts.start } }),
  );
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}
