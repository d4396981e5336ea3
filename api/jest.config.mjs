import { scaled } from '../tooling/test-time-scale.cjs';

// API suites: the real Fastify app on a real database (PGlite by default; PostgreSQL when
// TEST_DATABASE_URL is set), real argon2, the real mail outbox or an SMTP server, and a real
// OpenID Connect provider on loopback. See test/support/jest-transform.cjs for why node_modules
// are passed through an ESM-aware transform.
export default {
  displayName: 'api',
  rootDir: new URL('.', import.meta.url).pathname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj|cj)s$': '<rootDir>/test/support/jest-transform.cjs' },
  transformIgnorePatterns: [],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // SIGNPOST_TEST_TIME_SCALE stretches it on a slow machine (tooling/test-time-scale.cjs).
  testTimeout: scaled(30_000),
  // Two cores: two workers, each with its own database.
  maxWorkers: 2,
};
