import contract from './federation-contract.json';

/**
 * The version of the contract between the host and its remotes, which are deployed on their own
 * cadences: the manifest's shape, what the host's shared facades (`shared-*`) offer, the runtime
 * config. A remote is built against one version and says so in its manifest (`contract`); a host
 * accepts every remote of the same major version. So:
 *
 * - minor (1.0 → 1.1): an addition the other side may ignore or do without. An older host strips
 *   manifest fields it does not know (zod objects drop unknown keys); a newer host gives fields an
 *   older manifest lacks their defaults (a manifest without `contract` is 1.0.0).
 * - major (1.x → 2.0): a change an older side cannot read. The host does not load such a remote's
 *   screens: the section says the console must be reloaded (the remote is newer) or that the
 *   section waits for its update (the remote is older); every other section keeps working.
 *
 * The shared singletons (React, the router, i18next, zod, the facades…) are checked the same way:
 * for every singleton the host provides, the version the remote was built with must be on the same
 * line (same major; same major and minor below 1.0.0, as semver's `^`), since the remote then runs
 * on the host's copy. A singleton the host does not provide is no skew: the remote falls back to
 * the copy it ships.
 *
 * The build writes both into every manifest and into the host (tooling/rspack/app-config.mjs);
 * `SIGNPOST_FEDERATION_CONTRACT=<version>` at build time overrides the contract (to produce a
 * skewed build on purpose).
 */
export const FEDERATION_CONTRACT: string = contract.version;

/** What each side was built with: the contract and the version of every shared singleton. */
export interface BuildCompatibility {
  contract: string;
  shared: Record<string, string>;
}

export interface Incompatibility {
  /** `remote-newer`: the remote needs a newer console (a reload gets it); `remote-older`: the remote must be redeployed. */
  kind: 'remote-newer' | 'remote-older';
  /** `contract`, or the name of the shared singleton that differs. */
  subject: string;
  remoteVersion: string;
  hostVersion: string;
}

function parts(version: string): [number, number, number] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** Semver's caret line: `1.4.2` and `1.0.0` are on one line, `0.3.1` and `0.4.0` are not. */
function lineOf(v: [number, number, number]) {
  return v[0] > 0 ? `${v[0]}` : `0.${v[1]}`;
}

function compare(a: [number, number, number], b: [number, number, number]) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function check(subject: string, remoteVersion: string, hostVersion: string): Incompatibility | null {
  const remote = parts(remoteVersion);
  const host = parts(hostVersion);
  // An unreadable version is the remote's problem: the host cannot vouch for it.
  if (!remote || !host) return { kind: 'remote-older', subject, remoteVersion, hostVersion };
  if (lineOf(remote) === lineOf(host)) return null;
  return { kind: compare(remote, host) > 0 ? 'remote-newer' : 'remote-older', subject, remoteVersion, hostVersion };
}

/** Null when the host can run the remote; else the first thing that differs (the contract first). */
export function checkRemoteCompatibility(remote: BuildCompatibility, host: BuildCompatibility): Incompatibility | null {
  const contractProblem = check('contract', remote.contract, host.contract);
  if (contractProblem) return contractProblem;
  for (const [name, version] of Object.entries(remote.shared)) {
    const provided = host.shared[name];
    if (provided === undefined) continue;
    const problem = check(name, version, provided);
    if (problem) return problem;
  }
  return null;
}
