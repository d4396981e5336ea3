import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The monorepo's root (this file is e2e/support/state.ts). */
export const ROOT = path.resolve(__dirname, '..', '..');
export const TMP_DIR = path.join(ROOT, '.tmp');
/**
 * One id per `playwright test` run, set when the config loads in the runner process, so globalSetup
 * (same process) and the workers (spawned with its environment) name the same files, and two runs in
 * the same checkout (another engineer's, say) do not read each other's state.
 */
export function runId(): string {
  process.env.E2E_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
  return process.env.E2E_RUN_ID;
}

/**
 * Written by globalSetup, read by the fixtures: Playwright's workers are other processes, and they do
 * not always see what globalSetup put in process.env, so the state goes through a file: this run's
 * own, and `e2e-state.json` (the latest run's) for a worker that somehow lacks E2E_RUN_ID.
 */
export const LATEST_STATE_FILE = path.join(TMP_DIR, 'e2e-state.json');
export const stateFile = (id = runId()): string => path.join(TMP_DIR, `e2e-state-${id}.json`);

export interface SuiteState {
  /** The console, e.g. http://localhost:3000. */
  baseURL: string;
  /** The API, e.g. http://localhost:4000. */
  apiURL: string;
  /** The demo customer site with the website script installed, e.g. http://localhost:3005. */
  demoSiteURL: string;
  /** The API's DATA_DIR (its outbox/ holds the mails), or null when unknown (E2E_BASE_URL without E2E_DATA_DIR). */
  dataDir: string | null;
  /** The product's loopback control API (stop/start one app), or null when not available. */
  controlURL: string | null;
  /** Seconds an access token lives, as the API was started with. */
  accessTokenTtlSeconds: number | null;
  /** Did globalSetup start the product (so globalTeardown stops it and removes dataDir)? */
  owned: boolean;
  startedAt: string;
}

export function writeState(state: SuiteState): void {
  mkdirSync(TMP_DIR, { recursive: true });
  const body = JSON.stringify(state, null, 2);
  writeFileSync(stateFile(), body);
  writeFileSync(LATEST_STATE_FILE, body);
}

export function removeState(): void {
  rmSync(stateFile(), { force: true });
}

export function readState(): SuiteState {
  const file = process.env.E2E_RUN_ID ? stateFile(process.env.E2E_RUN_ID) : LATEST_STATE_FILE;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SuiteState;
  } catch (err) {
    throw new Error(`e2e: cannot read ${file} (written by global-setup.ts): ${(err as Error).message}`, { cause: err });
  }
}
