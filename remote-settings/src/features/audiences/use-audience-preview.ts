import { useState } from 'react';
import type { AudienceGroup, ClientMember } from 'contracts';
import { errorMessage, fieldErrors } from 'shared-data';
import { useDebouncedValue } from 'shared-ui/data-table';
import { useClientSearch } from './api/search-clients';
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

const NO_ERRORS: Record<string, string> = {};

/**
 * The live preview of an audience: POST /api/clients with the tree, debounced, back to page 1 on
 * every change of the tree. The query cache keys each request by tree and page, so only the newest
 * answer is shown and a request still running when the tree changes again is aborted.
 */
export function useAudiencePreview(tree: AudienceGroup, { enabled = true, fallbackError }: { enabled?: boolean; fallbackError: string }): AudiencePreview {
  const settledKey = useDebouncedValue(JSON.stringify(tree), PREVIEW_DEBOUNCE_MS);
  const settled = JSON.parse(settledKey) as AudienceGroup;
  // The page belongs to one tree: a new tree starts again at page 1.
  const [paging, setPaging] = useState({ key: settledKey, page: 1 });
  const page = paging.key === settledKey ? paging.page : 1;
  const incomplete = Object.keys(missingValues(settled, '')).length > 0;
  const asking = enabled && !incomplete;
  const search = useClientSearch(settled, { page, pageSize: PREVIEW_PAGE_SIZE }, asking);
  const answer = asking && !search.isError ? search.data : undefined;
  return {
    docs: answer?.docs ?? [],
    total: answer?.meta.totalDocs ?? 0,
    loading: asking && search.isFetching,
    error: asking && search.isError ? errorMessage(search.error, fallbackError) : null,
    fieldErrors: asking && search.isError ? fieldErrors(search.error) : NO_ERRORS,
    incomplete,
    page,
    setPage: (next) => setPaging({ key: settledKey, page: next }),
    reload: () => void search.refetch(),
  };
}
