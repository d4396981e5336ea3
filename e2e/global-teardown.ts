import { rmSync } from 'node:fs';
import { STATE_FILE, readState } from './support/state';

/** Stops what globalSetup started and removes its data folder (keep it with E2E_KEEP_DATA=1). */
export default async function globalTeardown(): Promise<void> {
  const product = globalThis.__signpostProduct;
  if (!product) return; // E2E_BASE_URL: the product is someone else's
  globalThis.__signpostProduct = undefined;
  await product.stop();
  const state = readState();
  if (state.owned && state.dataDir && !process.env.E2E_KEEP_DATA) {
    rmSync(state.dataDir, { recursive: true, force: true });
  }
  rmSync(STATE_FILE, { force: true });
}
