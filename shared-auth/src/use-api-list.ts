import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paged } from 'contracts';
import { api, errorMessage } from './api-client';
import { useSession } from './hooks';

export interface ApiListOptions {
  /** Filters and sorting; paging is handled here. Empty values are not sent. */
  params?: Record<string, string | number | undefined>;
  /** Spec section 9: 10 by default. */
  pageSize?: number;
  /** Shown when the server gives no message. */
  fallbackError: string;
}

export interface ApiList<T> {
  docs: T[];
  total: number;
  loading: boolean;
  error: string | null;
  page: number;
  setPage: (page: number) => void;
  reload: () => void;
  /** Spread into `<DataTable>`: rows, total, paging, loading and error states with retry. */
  tableProps: {
    data: T[];
    total: number;
    page: number;
    pageSize: number;
    onPageChange: (page: number) => void;
    loading: boolean;
    error: string | null;
    onRetry: () => void;
  };
}

/**
 * A paged list call (`{ docs, meta }`, newest first), reloaded when its page, params or the active
 * website change (switching websites changes what every list shows). Changing a filter goes back to
 * page 1. Answers that arrive after a newer request are dropped.
 */
export function useApiList<T>(url: string, { params = {}, pageSize = 10, fallbackError }: ApiListOptions): ApiList<T> {
  const { activeWebsite } = useSession();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ docs: T[]; total: number; loading: boolean; error: string | null }>({ docs: [], total: 0, loading: true, error: null });
  const [nonce, setNonce] = useState(0);
  const latest = useRef(0);
  const key = JSON.stringify(params);
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setPage(1);
  }
  useEffect(() => {
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    const clean = Object.fromEntries(Object.entries(JSON.parse(key) as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== ''));
    api
      .get<Paged<T>>(url, { params: { page, pageSize, orderBy: 'createdAt', order: 'desc', ...clean } })
      .then(({ data }) => {
        if (call === latest.current) setState({ docs: data.docs, total: data.meta.totalDocs, loading: false, error: null });
      })
      .catch((error) => {
        if (call === latest.current) setState({ docs: [], total: 0, loading: false, error: errorMessage(error, fallbackError) });
      });
  }, [url, key, page, pageSize, nonce, activeWebsite?._id, fallbackError]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return {
    ...state,
    page,
    setPage,
    reload,
    tableProps: { data: state.docs, total: state.total, page, pageSize, onPageChange: setPage, loading: state.loading, error: state.error, onRetry: reload },
  };
}
