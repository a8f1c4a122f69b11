import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (*.test.ts); integration tests (*.int.test.ts) run against a
// real embedded PostgreSQL started once per run in test/global-setup.ts.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
