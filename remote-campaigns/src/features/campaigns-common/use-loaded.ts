import { useCallback, useEffect, useEffectEvent, useState } from 'react';
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
 * undefined, so a caller can leave out what the user may not see (the sender filter). `inputs` is what
 * `load` reads besides the website (the workspaces' service): read again when it changes.
 */
export function useLoaded<T>(load: () => Promise<T>, inputs: string | null = null): Loaded<T> {
  const { activeWebsite } = useSession();
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [nonce, setNonce] = useState(0);
  // The caller's latest `load` (a new closure every render), which is no reason to read again by itself.
  const read = useEffectEvent(() => load());
  const websiteId = activeWebsite?._id;
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    read()
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch((error: unknown) => live && setState({ data: undefined, error, loading: false }));
    return () => {
      live = false;
    };
  }, [websiteId, nonce, inputs]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
