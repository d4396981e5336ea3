import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

/**
 * "a failure to load a screen on demand raises a preload-error event and is
 * rethrown unless handled". The event name is the one the original console's tooling used, so
 * existing listeners keep working; `detail`/`payload` carry the error, preventDefault() handles it.
 */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

export function raisePreloadError(error: unknown): boolean {
  const event = new CustomEvent(PRELOAD_ERROR_EVENT, { cancelable: true, detail: error });
  (event as CustomEvent & { payload?: unknown }).payload = error;
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * A remote's screen as a lazily loaded component: fetched on first visit only. `attempt` changes
 * after a retry, which gives a fresh lazy component (React caches a rejected one forever).
 */
export function remoteScreen(remoteName: string, screen: string, attempt: number) {
  const key = `${remoteName}/${screen}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    component = lazy(async () => {
      try {
        const mod = await loadRemote<{ default: ComponentType }>(`${remoteName}/${screen.replace(/^\.\//, '')}`);
        if (!mod?.default) throw new Error(`${remoteName} exposes no screen ${screen}`);
        return mod;
      } catch (error) {
        if (raisePreloadError(error)) return { default: () => null };
        throw error;
      }
    });
    cache.set(key, component);
  }
  return component;
}
