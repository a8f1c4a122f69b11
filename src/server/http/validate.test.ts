import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT_LISTS } from './validate';

// A zod rule's Spanish text reaches the caller only if validate.ts knows its list: a room's new
// `export const X_MSG = {` in src/domain must be in TEXT_LISTS, or its schema errors say
// "Revisa los datos enviados." instead.

const DOMAIN = join(__dirname, '../../domain');
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));

describe('validate: the Spanish texts a schema error may answer with', () => {
  it('knows every list of texts the domain exports', async () => {
    const lists = filesUnder(DOMAIN).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^export const ([A-Z_]*MSG) = \{/gm)].map((m) => ({ file, name: m[1]! })));
    expect(lists.length).toBeGreaterThanOrEqual(6);
    for (const { file, name } of lists) {
      const list = ((await import(file)) as Record<string, unknown>)[name];
      expect(TEXT_LISTS, `${name} (${file})`).toContain(list);
    }
  });
});
