import { defineConfig } from 'vitest/config';

// The long proofs of reliability (test/reliability/**): 200 concurrent bookings over two server
// processes, live updates across them, cancel/mark races, limits shared by processes, and kill -9
// of the server and of PostgreSQL under load. `npm run test:reliability`; .ci/run runs it after
// `npm test`. One file at a time: each one loads the 2-core machine on purpose.
// `npm run test:reliability:messages` runs only the messages proof (kill -9 ×10 with SMTP down, ADR 021).
const messagesOnly = process.env.AUNA_RELIABILITY_MESSAGES === '1';

export default defineConfig({
  test: {
    include: messagesOnly ? ['test/reliability/messages.rel.test.ts'] : ['test/reliability/**/*.rel.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // The figures (attempts, kills, acknowledged and lost writes) are printed as plain lines.
    silent: false,
  },
});
