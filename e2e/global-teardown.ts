import { rmSync } from 'node:fs';
import { removeState } from './support/state';

/** Stops what globalSetup started and removes its data folder (keep it with E2E_KEEP_DATA=1). */
export default async function globalTeardown(): Promise<void> {
  const product = globalThis.__signpostProduct;
  if (!product) return; // E2E_BASE_URL: the product is someone else's
  globalThis.__signpostProduct = undefined;
  await product.stop();
  // The handle's own folder, never one read back from a state file another run may have rewritten.
  if (!process.env.E2E_KEEP_DATA) rmSync(product.dataDir, { recursive: true, force: true });
  removeState();
}
