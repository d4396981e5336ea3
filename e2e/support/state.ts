import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The monorepo's root (this file is e2e/support/state.ts). */
export const ROOT = path.resolve(__dirname, '..', '..');
export const TMP_DIR = path.join(ROOT, '.tmp');
/**
 * Written by globalSetup, read by the fixtures: Playwright's workers are other processes, and they do
 * not always inherit what globalSetup put in process.env.
 */
export const STATE_FILE = path.join(TMP_DIR, 'e2e-state.json');

export interface SuiteState {
  /** The console, e.g. http://localhost:3000. */
  baseURL: string;
  /** The API, e.g. http://localhost:4000. */
  apiURL: string;
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
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

export function readState(): SuiteState {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as SuiteState;
  } catch (err) {
    throw new Error(`e2e: cannot read ${STATE_FILE} (written by global-setup.ts): ${(err as Error).message}`);
  }
}
