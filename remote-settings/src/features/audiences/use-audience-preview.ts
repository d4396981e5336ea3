import { useEffect, useRef, useState } from 'react';
import type { AudienceGroup, ClientMember } from 'contracts';
import { errorMessage, fieldErrors, useSession } from 'shared-auth';
import { searchClients } from './api/search-clients';
import { missingValues } from './audience-summary';

export const PREVIEW_PAGE_SIZE = 10;
/** How long the tree must stay unchanged before the preview asks the server (one call per pause, not per keystroke). */
export const PREVIEW_DEBOUNCE_MS = 400;

export interface AudiencePreview {
  docs: ClientMember[];
  total: number;
  page: number;
  setPage: (page: number) => void;
  loading: boolean;
  error: string | null;
  /** The server's messages on the tree's fields (`predicates.0.selectedValue`), shown in the builder. */
  fieldErrors: Record<string, string>;
  /** A condition still lacks its value: nothing is asked (a half-typed rule is not an error). */
  incomplete: boolean;
  reload: () => void;
}

/**
 * The live preview of an audience: POST /api/clients with the tree, debounced, back to page 1 on
 * every change of the tree, newest answer wins (an older, slower answer never overwrites it), and
 * a request still running when the tree changes again is aborted.
 */
export function useAudiencePreview(tree: AudienceGroup, { enabled = true, fallbackError }: { enabled?: boolean; fallbackError: string }): AudiencePreview {
  const { activeWebsite } = useSession();
  const key = JSON.stringify(tree);
  const [settledKey, setSettledKey] = useState(key);
  const [page, setPage] = useState(1);
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<Omit<AudiencePreview, 'page' | 'setPage' | 'reload' | 'incomplete'>>({
    docs: [],
    total: 0,
    loading: enabled,
    error: null,
    fieldErrors: {},
  });
  const incomplete = Object.keys(missingValues(JSON.parse(settledKey) as AudienceGroup, '')).length > 0;
  const latest = useRef(0);

  useEffect(() => {
    if (key === settledKey) return;
    const timer = setTimeout(() => {
      setSettledKey(key);
      setPage(1);
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, settledKey]);

  useEffect(() => {
    if (!enabled || incomplete) {
      latest.current++;
      setState({ docs: [], total: 0, loading: false, error: null, fieldErrors: {} });
      return;
    }
    const call = ++latest.current;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    searchClients(JSON.parse(settledKey) as AudienceGroup, { page, pageSize: PREVIEW_PAGE_SIZE }, controller.signal)
      .then((data) => {
        if (call === latest.current) setState({ docs: data.docs, total: data.meta.totalDocs, loading: false, error: null, fieldErrors: {} });
      })
      .catch((error) => {
        if (call !== latest.current || controller.signal.aborted) return;
        setState({ docs: [], total: 0, loading: false, error: errorMessage(error, fallbackError), fieldErrors: fieldErrors(error) });
      });
    return () => controller.abort();
  }, [settledKey, page, nonce, enabled, incomplete, fallbackError, activeWebsite?._id]);

  return { ...state, incomplete, page, setPage, reload: () => setNonce((n) => n + 1) };
}
