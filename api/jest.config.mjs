// API suites: real Fastify app, real database (PGlite by default; PostgreSQL when TEST_DATABASE_URL
// is set), real argon2, real mail outbox/SMTP, a real OpenID Connect provider on loopback.
// jose and openid-client (with oauth4webapi) ship ESM only: they are compiled to CommonJS by swc like
// our TypeScript, everything else in node_modules is loaded as is.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }];
// @electric-sql/pglite's CommonJS build loads Node built-ins with dynamic import(), which Jest's CommonJS
// runtime refuses without --experimental-vm-modules: swc rewrites those into require().
const esmOnly = ['jose', 'openid-client', 'oauth4webapi', '@electric-sql\\+pglite'].join('|');

export default {
  displayName: 'api',
  rootDir: new URL('.', import.meta.url).pathname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj|cj)s$': swc },
  transformIgnorePatterns: [`^(?!.*/node_modules/\\.pnpm/(${esmOnly})@).*/node_modules/`],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30_000,
  // Two cores: two workers keep each PGlite busy without starving the other.
  maxWorkers: 2,
};
