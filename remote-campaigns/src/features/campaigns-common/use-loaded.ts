import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from 'shared-auth';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * The answer of one read call (the pickers' options: tags, groups, workspaces…), read again when
 * the active website changes (every one of them belongs to a website). A failed call leaves `data`
 * undefined, so a caller can leave out what the user may not see (the sender filter).
 */
export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[] = []): Loaded<T> {
  const { activeWebsite } = useSession();
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    loadRef
      .current()
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch((error: unknown) => live && setState({ data: undefined, error, loading: false }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps say when to read again
  }, [activeWebsite?._id, nonce, ...deps]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
