/**
 * localStorage / sessionStorage that never throws: private modes, full quotas and sandboxed frames
 * make the real ones throw, so values are also kept in memory for the life of the page.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * Opened on first use, not when made: a browser's first access to a page's storage loads it
 * synchronously, which the boot does in its own step (see index.ts), and no probe write is needed.
 * A value the store could not take (no access, full quota) is kept in memory and wins over the
 * store's older value for the life of the page.
 */
export function webStore(kind: 'localStorage' | 'sessionStorage'): KeyValueStore {
  /** Keys the store failed to update: their value for this page (null: removed). */
  const memory = new Map<string, string | null>();
  let store: Storage | null | undefined;
  const open = () => {
    if (store === undefined) {
      try {
        store = window[kind];
      } catch {
        store = null;
      }
    }
    return store;
  };
  /** Runs `operation` on the store; false when there is none or it threw. */
  const attempt = (operation: (s: Storage) => void): boolean => {
    const s = open();
    if (!s) return false;
    try {
      operation(s);
      return true;
    } catch {
      return false;
    }
  };
  return {
    get(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      let value: string | null = null;
      attempt((s) => (value = s.getItem(key)));
      return value;
    },
    set(key, value) {
      if (attempt((s) => s.setItem(key, value))) memory.delete(key);
      else memory.set(key, value);
    },
    remove(key) {
      if (attempt((s) => s.removeItem(key))) memory.delete(key);
      else memory.set(key, null);
    },
  };
}
