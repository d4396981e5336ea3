/**
 * signpost.js: the loader and core. The snippet defined `window.signpost` as a queue (`q`: the
 * `arguments` of calls made before this file arrived, `k`: website key, `a`: API base URL); this
 * replays the queue in order and replaces the global with the real function.
 *
 * The boot runs in small tasks (no task over 50 ms added to the page at 4x CPU slowdown):
 * evaluating this file; then the visitor and the unsent events (the page's first, synchronous read of
 * localStorage); then the session (sessionStorage) and page-change watching; then the queued calls
 * and the content call (a `fetch` costs a few ms itself). Until the last step the snippet's stub keeps
 * queueing the page's calls.
 */
import { SCRIPT_GLOBAL } from 'contracts/script';
import { startBuilderIfAsked, storedBuilderSession, takeBuilderToken } from './core/builder-boot';
import { yieldToMain } from './core/schedule';
import { Signpost } from './core/signpost';
import { SCRIPT_VERSION } from './core/version';

interface Stub {
  (...args: unknown[]): void;
  q?: ArrayLike<unknown>[];
  k?: string;
  a?: string;
  v?: string;
  loaded?: boolean;
}

/** Starts the script on the page; answers the running core once it has asked what to show (null: not started). */
export function boot(win: Window = window): Promise<Signpost> | null {
  const globals = win as unknown as Record<string, Stub | undefined>;
  const stub = globals[SCRIPT_GLOBAL];
  if (!stub || stub.loaded) return null;
  if (!stub.k || !stub.a) {
    console.warn('[signpost] the snippet did not set the website key and API address; paste the snippet from the installation guide');
    return null;
  }
  // At once: a second copy of this file evaluated before the boot ends does not start again.
  stub.loaded = true;
  // Before anything reads the address: the builder's one-time token leaves it at once.
  const builderToken = takeBuilderToken(win);
  return start(win, globals, stub, stub.k, stub.a, builderToken);
}

async function start(
  win: Window,
  globals: Record<string, Stub | undefined>,
  stub: Stub,
  websiteKey: string,
  apiUrl: string,
  builderToken: string | null,
): Promise<Signpost> {
  await yieldToMain();
  // A tab the author builds a tour in shows no content: a popup would cover the page being pointed at.
  const authoring = builderToken !== null || storedBuilderSession(win) !== null;
  const signpost = new Signpost({ websiteKey, apiUrl: apiUrl.replace(/\/+$/, ''), win, authoring });
  await yieldToMain();
  signpost.start();
  await yieldToMain();
  const api: Stub = (...args: unknown[]) => signpost.command(...(args as [unknown, ...unknown[]]));
  Object.assign(api, { k: websiteKey, a: apiUrl, v: SCRIPT_VERSION, loaded: true, q: [] });
  globals[SCRIPT_GLOBAL] = api;
  for (const args of Array.from(stub.q ?? [])) {
    try {
      signpost.command(...(Array.from(args) as [unknown, ...unknown[]]));
    } catch (error) {
      console.warn('[signpost] a queued call failed', error);
    }
  }
  void signpost.requestContent();
  // The builder's chunk only for a tab holding a builder token or session: never a visitor's.
  const env = { win, websiteKey, apiUrl: apiUrl.replace(/\/+$/, ''), fetch: (...a: Parameters<typeof fetch>) => win.fetch(...a) };
  void startBuilderIfAsked(env, builderToken).catch((error) => console.warn('[signpost] the tour builder could not start', error));
  return signpost;
}

// Without the snippet's stub (or when loaded twice) this does nothing.
if (typeof window !== 'undefined') void boot();
