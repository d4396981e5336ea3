/**
 * signpost.js: the loader and core. The snippet defined `window.signpost` as a queue (`q`: the
 * `arguments` of calls made before this file arrived, `k`: website key, `a`: API base URL); this
 * replays the queue in order and replaces the global with the real function.
 */
import { SCRIPT_GLOBAL } from 'contracts/script';
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

export function boot(win: Window = window): Signpost | null {
  const globals = win as unknown as Record<string, Stub | undefined>;
  const stub = globals[SCRIPT_GLOBAL];
  if (!stub || stub.loaded) return null;
  if (!stub.k || !stub.a) {
    console.warn('[signpost] the snippet did not set the website key and API address; paste the snippet from the installation guide');
    return null;
  }
  const signpost = new Signpost({ websiteKey: stub.k, apiUrl: stub.a.replace(/\/+$/, ''), win });
  const api: Stub = (...args: unknown[]) => signpost.command(...(args as [unknown, ...unknown[]]));
  Object.assign(api, { k: stub.k, a: stub.a, v: SCRIPT_VERSION, loaded: true, q: [] });
  globals[SCRIPT_GLOBAL] = api;
  signpost.start();
  for (const args of stub.q ?? []) {
    try {
      signpost.command(...(Array.from(args) as [unknown, ...unknown[]]));
    } catch (error) {
      console.warn('[signpost] a queued call failed', error);
    }
  }
  void signpost.requestContent();
  return signpost;
}

// Without the snippet's stub (or when loaded twice) this does nothing.
if (typeof window !== 'undefined') boot();
