import { defineConfig, type ReporterDescription } from '@playwright/test';
import { runId } from './support/state';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/chromium.mjs';
import { scaled } from '../tooling/test-time-scale.cjs';

/**
 * Signpost's end-to-end suite: Debian's Chromium driving the built product, started by globalSetup
 * exactly as `pnpm start` starts it (scripts/lib/product.mjs), on a fresh data folder.
 *
 * - E2E_BASE_URL=http://localhost:3000 runs against a product that is already running instead (no
 *   setup, no teardown). Then E2E_DATA_DIR (its DATA_DIR, for the mail outbox) and E2E_CONTROL_URL
 *   (its control API, for the stop/start tests) unlock the tests that need them; without them those
 *   tests are skipped.
 * - E2E_REPORTER=list|line|dot|html|json… picks the reporter (default: list, plus html on CI).
 * - SIGNPOST_TEST_TIME_SCALE=2 doubles every time-out below on a slow or busy machine.
 */
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
// Set here, in the runner, before any worker is spawned: they inherit it (see support/state.ts).
runId();

function reporter(): ReporterDescription[] {
  const chosen = process.env.E2E_REPORTER ?? process.env.PLAYWRIGHT_REPORTER;
  if (chosen) return chosen.split(',').map((name) => [name.trim()] as ReporterDescription);
  return process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']];
}

export default defineConfig({
  testDir: './tests',
  // Two cores, one shared product (its remotes are stopped and started by some tests): one worker.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  forbidOnly: !!process.env.CI,
  reporter: reporter(),
  outputDir: '../.tmp/e2e-results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    // Recording a trace costs every test screenshots and DOM snapshots: on CI (one retry) only the
    // retry of a failed test records one; elsewhere (no retry) a failed test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    reducedMotion: 'reduce',
    actionTimeout: scaled(10_000),
    navigationTimeout: scaled(20_000),
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
