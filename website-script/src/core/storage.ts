/**
 * localStorage / sessionStorage that never throws: private modes, full quotas and sandboxed frames
 * make the real ones throw, so values are also kept in memory for the life of the page.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function webStore(kind: 'localStorage' | 'sessionStorage'): KeyValueStore {
  const memory = new Map<string, string>();
  let store: Storage | null = null;
  try {
    store = window[kind];
    store.setItem('signpost:probe', '1');
    store.removeItem('signpost:probe');
  } catch {
    store = null;
  }
  return {
    get(key) {
      try {
        const value = store?.getItem(key);
        if (value != null) return value;
      } catch {}
      return memory.get(key) ?? null;
    },
    set(key, value) {
      memory.set(key, value);
      try {
        store?.setItem(key, value);
      } catch {}
    },
    remove(key) {
      memory.delete(key);
      try {
        store?.removeItem(key);
      } catch {}
    },
  };
}
