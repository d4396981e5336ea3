// Unit and component tests of every package but the API (whose suites run against a database;
// see api/jest.config.mjs) and e2e (Playwright). One project per package, so each keeps its
// own environment and the runner's summary sums them all. The remotes come from their registry.
import { REMOTES } from './tooling/remotes.mjs';
import { scaled } from './tooling/test-time-scale.cjs';

const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }];
const browserProject = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: '<rootDir>/../tooling/jest/jsdom-environment.cjs',
  transform: { '^.+\\.(t|j)sx?$': swc },
  setupFiles: ['<rootDir>/../tooling/jest/polyfills.cjs'],
  // jsdom has no constructable stylesheets, which the website script's surfaces use (and so the
  // console's popup preview, drawn by them): stubbed for the tests only, never in the product.
  setupFilesAfterEnv: ['<rootDir>/../tooling/jest/setup-dom.ts', '<rootDir>/../tooling/jest/constructable-stylesheets.ts'],
  moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/../tooling/jest/file-stub.cjs' },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
});
export default {
  // Two cores, two workers (Jest's default leaves one idle); component tests then share the CPU, so
  // each gets more than the default 5 s before it counts as hung.
  maxWorkers: 2,
  // SIGNPOST_TEST_TIME_SCALE stretches it on a slow machine (tooling/test-time-scale.cjs).
  testTimeout: scaled(15_000),
  projects: [
    {
      displayName: 'contracts',
      rootDir: '<rootDir>/contracts',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    },
    browserProject('shared-auth'),
    browserProject('shared-data'),
    browserProject('shared-i18n'),
    browserProject('shared-ui'),
    browserProject('shared-content'),
    browserProject('host'),
    ...REMOTES.map((r) => browserProject(r.app)),
    {
      ...browserProject('website-script'),
      // @medv/finder ships as an ES module only: compiled for the tests like our own sources.
      transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/@medv\\+finder[^/]*/node_modules/)?@medv/finder/)'],
    },
    {
      displayName: 'tooling',
      rootDir: '<rootDir>/tooling',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swc },
      testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.mjs', '<rootDir>/**/*.test.cjs'],
    },
  ],
};
