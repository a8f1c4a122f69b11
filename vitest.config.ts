import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests live beside the code (*.test.ts); integration tests (*.int.test.ts) run against a
// real embedded PostgreSQL started once per run in test/global-setup.ts, with their own config
// (vitest.int.config.ts), so they are excluded here even when vitest is run without flags.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Integration and reliability suites need PostgreSQL and have their own configs.
    exclude: [...configDefaults.exclude, '**/*.int.test.ts', '**/*.rel.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
