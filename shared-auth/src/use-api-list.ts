import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paged } from 'contracts';
import { api, errorMessage } from './api-client';
import { useSession } from './hooks';

export interface ApiListState<T> {
  docs: T[];
  total: number;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * A paged list call (`{ docs, meta }`), reloaded when its params or the active website change
 * (switching websites changes what every list shows). Stale answers are dropped.
 */
export function useApiList<T>(url: string, params: Record<string, string | number | undefined>, fallbackError: string): ApiListState<T> {
  const { activeWebsite } = useSession();
  const [state, setState] = useState<{ docs: T[]; total: number; loading: boolean; error: string | null }>({ docs: [], total: 0, loading: true, error: null });
  const [nonce, setNonce] = useState(0);
  const latest = useRef(0);
  const key = JSON.stringify(params);
  useEffect(() => {
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    const clean = Object.fromEntries(Object.entries(JSON.parse(key) as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== ''));
    api
      .get<Paged<T>>(url, { params: clean })
      .then(({ data }) => {
        if (call === latest.current) setState({ docs: data.docs, total: data.meta.totalDocs, loading: false, error: null });
      })
      .catch((error) => {
        if (call === latest.current) setState({ docs: [], total: 0, loading: false, error: errorMessage(error, fallbackError) });
      });
  }, [url, key, nonce, activeWebsite?._id, fallbackError]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
