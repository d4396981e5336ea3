import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { matchPath } from 'react-router-dom';
import type { ParsedRemoteManifest, RuntimeRemote } from 'contracts';
import { registerNamespace } from 'shared-i18n';
import { hostCompatibility } from './compatibility';
import { getRemoteState, holdRemoteStates, markRemoteFailed, markRemoteSkewed, setRemoteState } from './remote-status';

/** A remote whose manifest does not arrive in this time is treated as down (it "hangs"). */
export const MANIFEST_TIMEOUT_MS = 8000;
const NAV_CACHE_KEY = 'signpost.remoteNav';

let configured: RuntimeRemote[] = [];
const manifests = new Map<string, ParsedRemoteManifest>();
const inflight = new Map<string, Promise<ParsedRemoteManifest | null>>();

export function registerConfiguredRemotes(remotes: RuntimeRemote[]) {
  configured = remotes;
  registerRemotes(remotes.map((r) => ({ name: r.name, entry: r.entry })));
}

export function configuredRemotes() {
  return configured;
}

export function getManifest(name: string) {
  return manifests.get(name) ?? null;
}

/** The origin a remote is served from: its translation files live there too. */
export function remoteBaseUrl(remote: RuntimeRemote) {
  return new URL('.', new URL(remote.entry, window.location.href)).href;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Loads one remote's `./manifest` (pure data) and its translations; never throws. */
export function loadRemoteManifest(remote: RuntimeRemote): Promise<ParsedRemoteManifest | null> {
  const running = inflight.get(remote.name);
  if (running) return running;
  setRemoteState(remote.name, { status: 'loading' });
  const job = (async () => {
    try {
      const mod = await withTimeout(loadRemote<{ default: unknown }>(`${remote.name}/manifest`), MANIFEST_TIMEOUT_MS, remote.name);
      if (!mod) throw new Error(`${remote.name} has no manifest`);
      // The schema (and zod) load with the first manifest, after sign-in: not on the sign-in page.
      const { remoteManifestSchema, checkRemoteCompatibility, FEDERATION_CONTRACT } = await import('contracts');
      const manifest = remoteManifestSchema.parse(mod.default);
      // Checked before any of its screens runs on this host's shared modules (version skew between
      // deploys): a remote built for another contract shows a message in its section, not a crash.
      const skew = checkRemoteCompatibility(manifest, hostCompatibility(FEDERATION_CONTRACT));
      if (skew) {
        manifests.delete(remote.name);
        markRemoteSkewed(remote.name, skew);
        console.warn(`[signpost] section ${remote.name} not loaded: built with ${skew.subject} ${skew.remoteVersion}, this console has ${skew.hostVersion}`);
        return null;
      }
      prefetchCurrentScreen(remote, manifest);
      // The remote's texts ship with its deploy, from its own origin.
      await withTimeout(registerNamespace(manifest.namespace, remoteBaseUrl(remote)), MANIFEST_TIMEOUT_MS, `${remote.name} translations`);
      manifests.set(remote.name, manifest);
      rememberNav(remote.name, manifest);
      setRemoteState(remote.name, { status: 'ready' });
      return manifest;
    } catch (error) {
      manifests.delete(remote.name);
      markRemoteFailed(remote.name, error);
      return null;
    } finally {
      inflight.delete(remote.name);
    }
  })();
  inflight.set(remote.name, job);
  return job;
}

/**
 * The screen of this remote that the current page shows starts downloading beside the remote's
 * texts instead of after them (the route renders only once both are there). Only code: the route's
 * permission guard still decides whether it renders. A failure here is left to the real load.
 */
function prefetchCurrentScreen(remote: RuntimeRemote, manifest: ParsedRemoteManifest) {
  const route = manifest.routes.find((r) => matchPath(r.path, window.location.pathname));
  if (route) loadRemote(`${remote.name}/${route.screen.replace(/^\.\//, '')}`).catch(() => {});
}

/** The longest the other sections' sidebar entries wait for each other (a remote that hangs takes 8 s). */
export const NAV_BATCH_WAIT_MS = 1000;

let allStarted = false;
/**
 * Starts loading every configured remote's manifest, in parallel, once. The section the page shows
 * renders as soon as its own remote is there; the other remotes' arrivals are announced together
 * (one render of the sidebar), once all have settled or after NAV_BATCH_WAIT_MS.
 */
export function loadAllManifests() {
  if (allStarted) return;
  allStarted = true;
  const current = remoteForPath(window.location.pathname);
  const others = configured.filter((r) => r !== current);
  const release = holdRemoteStates(others.map((r) => r.name));
  if (current) void loadRemoteManifest(current);
  const timer = setTimeout(release, NAV_BATCH_WAIT_MS);
  void Promise.allSettled(others.map((r) => loadRemoteManifest(r))).then(() => {
    clearTimeout(timer);
    release();
  });
}

/**
 * Retry after a failure: re-register the remote with `force`, which drops the runtime's cached
 * manifest, entry and module cache for it, then load again. The section comes back when the
 * remote does.
 */
export function retryRemote(name: string) {
  const remote = configured.find((r) => r.name === name);
  if (!remote) return Promise.resolve(null);
  if (getRemoteState(name).status === 'loading') return inflight.get(name) ?? Promise.resolve(null);
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
  return loadRemoteManifest(remote);
}

/** The section a path belongs to, by the base paths of the runtime config. */
export function remoteForPath(pathname: string): RuntimeRemote | undefined {
  return configured.find((r) => r.basePaths.some((base) => pathname === base || pathname.startsWith(`${base}/`)));
}

/**
 * Last known nav entries of each remote, so that a remote that is down on this visit still shows
 * its entries in the sidebar, marked unavailable, instead of silently vanishing.
 */
type CachedNav = Record<string, { namespace: string; nav: ParsedRemoteManifest['nav'] }>;
function readNavCache(): CachedNav {
  try {
    return JSON.parse(localStorage.getItem(NAV_CACHE_KEY) ?? '{}') as CachedNav;
  } catch {
    return {};
  }
}
function rememberNav(name: string, manifest: ParsedRemoteManifest) {
  try {
    const cache = readNavCache();
    cache[name] = { namespace: manifest.namespace, nav: manifest.nav };
    localStorage.setItem(NAV_CACHE_KEY, JSON.stringify(cache));
  } catch {
    /* storage unavailable: the sidebar then shows the section without its entries */
  }
}
export function cachedNav(name: string) {
  return readNavCache()[name] ?? null;
}
