import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Rooms (one per capability) and the layers around them: which folder may import which.
// Zones are paths from this file's folder, so the rule behaves the same from any working directory.
const ROOT = import.meta.dirname;
/** The folders directly under `dir` (relative to the repo), read at lint time so a new room is covered without editing this file. */
const foldersOf = (dir) => {
  try {
    return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch {
    return [];
  }
};
/** One zone per room: a room imports nothing from its sibling rooms (its own folder is the exception). */
const roomZones = (dir, side) =>
  foldersOf(dir).map((room) => ({
    target: `./${dir}/${room}`,
    from: `./${dir}`,
    except: [`./${room}`],
    message: `A ${side} feature (${room}) never imports another ${side} feature: move what both need to a shared layer.`,
  }));
// Server code that may put features together (mount their routes, seed their data); every other
// folder and file of src/server is a shared layer the features build on, so it never imports them.
const SERVER_COMPOSERS = ['app', 'api-routes', 'start', 'main'];
const serverSharedLayers = foldersOf('src/server').filter((d) => d !== 'features' && d !== 'seed').map((d) => `./src/server/${d}`);
const WEB_SHARED = ['./src/web/components', './src/web/lib'];

const ROOM_ZONES = [
  ...roomZones('src/web/features', 'web'),
  ...roomZones('src/server/features', 'server'),
  {
    target: ['./src/web/features', ...WEB_SHARED, './src/web/api'],
    from: './src/web/app',
    message: 'Only the app (router, layouts, route table) imports features, components, lib and api; they never import src/web/app.',
  },
  {
    target: [...WEB_SHARED, './src/web/api'],
    from: './src/web/features',
    message: 'components, lib and api are shared by every web feature; they never import src/web/features.',
  },
  {
    target: WEB_SHARED,
    from: './src/web/api',
    message: 'components and lib never import src/web/api: a screen fetches its data and passes it down.',
  },
  {
    target: './src/server',
    from: './src/web',
    except: ['./app/routes.ts'],
    message: 'The server imports nothing of src/web but the route table (src/web/app/routes.ts).',
  },
  {
    target: [...serverSharedLayers, `./src/server/!(${SERVER_COMPOSERS.join('|')}).{ts,tsx}`],
    from: './src/server/features',
    message: `Shared server layers never import src/server/features; only src/server/{${SERVER_COMPOSERS.join(',')}}.ts and src/server/seed compose features.`,
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.data*/**', '.tmp/**', 'screenshots/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'e2e/**', 'test/**', '*.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Layers point one way (docs/architecture.md): the domain imports nothing of ours.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*', 'pg', 'hono', 'drizzle-orm'] }],
    },
  },
  {
    // Rooms and layers (the zones above). Relative imports are resolved to files (no path aliases in
    // tsconfig, so the plugin's own resolver with the TypeScript extensions is enough); an import that
    // resolves to nothing is not checked, and tsc already fails on those.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files import-x reads to follow imports (no-cycle): ours are TypeScript, parsed with the
      // parser this file is linted with. Without it every .ts file is skipped and no circle is seen.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: ROOM_ZONES }] },
  },
  {
    // No import circles (docs/architecture.md §4, rule 8): no file of src imports one that imports it
    // back, however long the way round. import-x skips type-only imports (erased at build time) and,
    // here, packages. A test file is imported by nothing, so it cannot close a circle: skipping them
    // saves work and misses nothing (its cost: docs/benchmarks.md, "Lint").
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web takes only types from the server (a type import is erased from the bundle).
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: 'web may only import types from server' }] }],
    },
  },
);
