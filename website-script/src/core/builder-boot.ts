import { BUILDER_FRAGMENT, BUILDER_PATHS, BUILDER_SESSION_KEY } from 'contracts/script';
import { builderPath, type BuilderEnv, type BuilderSession } from './builder-session';

/**
 * The on-page tour builder's entry in the core (a few hundred bytes): the console opens a page of the
 * website with `#signpost-builder=<one-time token>`; the core takes the token out of the address
 * before anything else reads it (with the original `history.replaceState`, so it is no page change and
 * no second content call), exchanges it for a builder session kept in sessionStorage (it survives the
 * author's navigation in this tab), and only then loads the builder chunk. A visitor never downloads it.
 */

const TEXT_PLAIN = 'text/plain;charset=UTF-8';

/** The builder token of the address, removed from it; null when there is none. */
export function takeBuilderToken(win: Window): string | null {
  const { hash, href } = win.location;
  const prefix = `#${BUILDER_FRAGMENT}=`;
  if (!hash.startsWith(prefix)) return null;
  const token = decodeURIComponent(hash.slice(prefix.length));
  // The prototype's method: the page-change watcher wraps the instance's, and this is no page change.
  History.prototype.replaceState.call(win.history, win.history.state, '', href.slice(0, href.indexOf('#')));
  return token || null;
}

/** The session kept in this tab, unless it has ended. */
export function storedBuilderSession(win: Window): BuilderSession | null {
  try {
    const raw = win.sessionStorage.getItem(BUILDER_SESSION_KEY);
    const s = raw ? (JSON.parse(raw) as BuilderSession) : null;
    if (s && typeof s.session === 'string' && Date.parse(s.expiresAt) > Date.now()) return s;
    if (raw) win.sessionStorage.removeItem(BUILDER_SESSION_KEY);
  } catch {
    // Storage refused (privacy mode) or a value of someone else's: no builder.
  }
  return null;
}

/** Exchanges the token for a session (through the script's CORS: a text/plain body, no preflight). */
export async function exchangeBuilderToken(env: BuilderEnv, token: string): Promise<BuilderSession | null> {
  const res = await env.fetch(builderPath(env.apiUrl, env.websiteKey, BUILDER_PATHS.session), {
    method: 'POST',
    headers: { 'content-type': TEXT_PLAIN },
    body: JSON.stringify({ token }),
    credentials: 'omit',
  });
  if (!res.ok) {
    console.warn('[signpost] this builder link has expired or was already used: open the builder again from the console');
    return null;
  }
  const session = (await res.json()) as BuilderSession;
  try {
    env.win.sessionStorage.setItem(BUILDER_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Without sessionStorage the builder still works on this page.
  }
  return session;
}

/**
 * Starts the builder when this tab holds a builder token or session: the token (already taken out of
 * the address by the boot) is exchanged first, then the chunk is loaded.
 */
export async function startBuilderIfAsked(env: BuilderEnv, token: string | null): Promise<boolean> {
  const session = token ? await exchangeBuilderToken(env, token) : storedBuilderSession(env.win);
  if (!session) return false;
  const { mountBuilder } = await import(/* webpackChunkName: "builder" */ '../builder/index');
  mountBuilder({ ...env, session });
  return true;
}
