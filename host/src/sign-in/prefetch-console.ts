import type { RuntimeConfig, RuntimeRemote } from 'contracts';

/** Where the sign-in page sends the person once signed in (index.tsx). */
export const CONSOLE_START = '/dashboard';

type ManifestAssets = { js?: { sync?: string[]; async?: string[] } };
type FederationManifest = { exposes?: { name: string; assets?: ManifestAssets }[] };

/**
 * Into the HTTP cache at low priority, without running anything. A no-cors fetch with credentials,
 * as a classic <script> asks, so the console's script finds the same cache entry; a fetch rather
 * than <link rel=prefetch>, which the console's Content-Security-Policy (default-src 'self') would
 * refuse for the remotes' origins, while connect-src lists them.
 */
function prefetch(href: string) {
  void fetch(href, { mode: 'no-cors', credentials: 'include', priority: 'low' }).catch(() => {});
}

/** A remote's chunks, from its federation manifest (mf-manifest.json, the runtime config's entry). */
async function prefetchRemote(remote: RuntimeRemote, everyScreen: boolean) {
  const manifestUrl = new URL(remote.entry, location.href);
  const manifest = (await fetch(manifestUrl).then((r) => (r.ok ? r.json() : null))) as FederationManifest | null;
  if (!manifest) return;
  const base = new URL('.', manifestUrl);
  prefetch(new URL('remoteEntry.js', base).href);
  for (const expose of manifest.exposes ?? []) {
    // Every remote's ./manifest is read at start (the sidebar); the screens only of the section the console opens on.
    if (expose.name !== 'manifest' && !everyScreen) continue;
    for (const file of [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.js?.async ?? [])]) prefetch(new URL(file, base).href);
  }
}

let started = false;
/**
 * While the person types their password, the console they are about to open downloads at low
 * priority: the host's first-screen JavaScript (console-files.json, written by the host's build) and,
 * from each remote, its entry and manifest module, plus every chunk of the section the console
 * starts on. Nothing runs: the console that loads after the click takes the files from the HTTP
 * cache instead of the network. Best effort: a failure only means the console fetches them itself.
 */
export function prefetchConsole(config: RuntimeConfig) {
  if (started) return;
  started = true;
  void fetch('/console-files.json')
    .then((r) => (r.ok ? (r.json() as Promise<string[]>) : []))
    .then((files) => files.forEach(prefetch))
    .catch(() => {});
  for (const remote of config.remotes) {
    const opensFirst = remote.basePaths.some((base) => CONSOLE_START === base || CONSOLE_START.startsWith(`${base}/`));
    void prefetchRemote(remote, opensFirst).catch(() => {});
  }
}
