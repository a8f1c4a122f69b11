import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments and docs name the ADR or the docs page, or say the reason itself, never the number of
// one of our issues: a clone has no issue tracker, so the number tells its reader nothing
// (docs/architecture.md §6, convention 5). Other projects' public issues stay citable
// ("Easy!Appointments #31"): only "issue" followed by a number is refused.

const ROOT = path.resolve(import.meta.dirname, '..');
const TREES = ['src', 'test', 'e2e', 'scripts', 'docs', '.ci'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|sql|md|css|html|json|sh)$|^run$/;
const ISSUE_NUMBER = /\bissues? #?\d+/i;

/** Every text file under the trees and at the top of the repository (not node_modules, builds or drizzle's snapshots). */
function files(): string[] {
  const top = readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isFile() && TEXT.test(d.name) && d.name !== 'package-lock.json')
    .map((d) => d.name);
  const inTrees = TREES.flatMap((dir) => {
    try {
      return (readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }) as string[]).map((f) => path.posix.join(dir, f.split(path.sep).join('/')));
    } catch {
      return [];
    }
  }).filter((f) => TEXT.test(path.basename(f)) && !f.includes('/meta/') && !f.includes('node_modules/'));
  return [...top, ...inTrees];
}

describe('no comment or doc names an issue number', () => {
  it('the scan reads the code, the tests and the docs', () => {
    const all = files();
    for (const f of ['src/domain/availability.ts', 'test/lint-zones.test.ts', 'docs/architecture.md', 'eslint.config.js']) expect(all).toContain(f);
  });

  it('none says "issue N"', () => {
    const found = files().flatMap((f) =>
      readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (ISSUE_NUMBER.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
