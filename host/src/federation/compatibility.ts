import type { BuildCompatibility } from 'contracts';

/**
 * What this host was built with, which every remote's manifest is checked against: the contract
 * and the versions of the shared singletons it provides (written in by the build, see
 * tooling/rspack/app-config.mjs). Without the build (tests) the contract is contracts' own and
 * no singleton is checked.
 */
export function hostCompatibility(defaultContract: string): BuildCompatibility {
  return { contract: process.env.SIGNPOST_FEDERATION_CONTRACT || defaultContract, shared: sharedVersions() };
}

function sharedVersions(): Record<string, string> {
  try {
    return JSON.parse(process.env.SIGNPOST_SHARED_VERSIONS ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}
