import { defineConfig } from 'vitest/config';

// Integration tests (*.int.test.ts) against a real PostgreSQL: test/global-setup.ts starts ONE
// embedded PostgreSQL for the whole run and every startTestServer() call gets a fresh database in it.
export default defineConfig({
  test: {
    include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Separate processes: a test that spawns and kill -9s servers must not share a heap with others.
    pool: 'forks',
    // This machine has 2 cores; each file may run a server, argon2 hashing and PostgreSQL work.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
