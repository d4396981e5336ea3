import type { RuntimeConfig } from 'contracts';

/**
 * Reads /runtime-config.json, served next to the host. Nothing about where the API or the remotes
 * live is baked into the build: moving or redeploying a remote never needs a host rebuild.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  // Served with Cache-Control: no-cache (always revalidated); index.html preloads it.
  const response = await fetch('/runtime-config.json');
  if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
  // Checked by shape only: the full zod schema (contracts) would put zod on the sign-in page's
  // critical path. The file is produced from the same contract by scripts/runtime-config.mjs.
  const config = (await response.json()) as RuntimeConfig;
  if (typeof config?.apiBaseUrl !== 'string' || !Array.isArray(config.remotes)) throw new Error('runtime-config.json is malformed');
  return { ...config, identityProvider: config.identityProvider ?? null };
}

let current: RuntimeConfig | null = null;
export function setRuntimeConfig(config: RuntimeConfig) {
  current = config;
}
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config read before it was loaded');
  return current;
}
