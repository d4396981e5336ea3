import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  keepPreviousData,
  MutationCache,
  QueryCache,
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import axios from 'axios';
import { callArea, LIMITS, type CallAnswer, type CallDefinition, type Paged } from 'contracts';
import { i18n } from 'shared-i18n';
import { useSession } from 'shared-auth';
import { errorMessage } from './api-client';
import { callApi, type CallInput } from './call-api';

/**
 * The one data layer of the console: TanStack Query, shared as a singleton like
 * React, with ONE query client made by the host (`createQueryClient`). Every screen reads through
 * `useCallQuery` / `useListQuery` and writes through `useCallMutation`, which invalidates the area it
 * changed, so no screen reloads anything by hand.
 */

const statusOf = (error: unknown): number | undefined => (axios.isAxiosError(error) ? error.response?.status : undefined);

/** A 4xx is an answer, not a failure: asking again would get the same answer. */
const retryOnlyTransient = (failures: number, error: unknown): boolean => {
  const status = statusOf(error);
  return (status === undefined || status >= 500) && failures < 2;
};

const FORBIDDEN_TOAST_ID = 'signpost-forbidden';

/** How the page shows an error: set by the host to its toaster (this package imports no UI). */
export interface ErrorNotice {
  id: string;
  title: string;
}
let notify: (notice: ErrorNotice) => void = () => {};

/** The host hands its toaster here once; until then (and in tests) a refused call shows nothing. */
export function setErrorNotifier(notifier: (notice: ErrorNotice) => void): void {
  notify = notifier;
}

/** One notice for 403, however many calls were refused together (a role lost while a screen was open); the notifier drops a repeat of a visible id. */
function toastForbidden(error: unknown): void {
  if (statusOf(error) !== 403) return;
  notify({ id: FORBIDDEN_TOAST_ID, title: errorMessage(error, i18n.t('common:forbidden.title')) });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastForbidden }),
    mutationCache: new MutationCache({ onError: toastForbidden }),
    defaultOptions: {
      queries: {
        retry: retryOnlyTransient,
        // Lists are shared by several people: what was read a few seconds ago is shown at once and
        // refreshed in the background when a screen mounts again.
        staleTime: 5_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** THE query client of the page: shared-data is a singleton, so the host and every remote share it. */
export const sharedQueryClient = createQueryClient();

/**
 * The cache key of a call: its area first (what a write invalidates), then the call, the active
 * website (every list and item belongs to one, so switching websites never shows the old one's data)
 * and the input.
 */
export function callKey(call: CallDefinition, websiteId: string | null | undefined, input?: unknown): unknown[] {
  const { signal: _signal, ...rest } = (input ?? {}) as { signal?: unknown };
  return ['api', callArea(call), call.method, call.path, websiteId ?? null, rest];
}

type ListCall = CallDefinition & { query: NonNullable<CallDefinition['query']> };
type DocOf<C extends CallDefinition> = CallAnswer<C> extends Paged<infer T> ? T : never;

type QueryOptions<C extends CallDefinition, T> = Omit<UseQueryOptions<CallAnswer<C>, Error, T, unknown[]>, 'queryKey' | 'queryFn'>;

/** Reads one call through the cache (`select` picks what the screen needs from the answer). */
export function useCallQuery<C extends CallDefinition, T = CallAnswer<C>>(call: C, input: CallInput<C>, options: QueryOptions<C, T> = {}) {
  const websiteId = useSession().activeWebsite?._id;
  return useQuery({
    queryKey: callKey(call, websiteId, input),
    queryFn: ({ signal }) => callApi(call, { ...input, signal }),
    ...options,
  });
}

/** Every page of a list call, `pageSize` at a time (the largest the API allows unless the input says). */
export async function fetchAllPages<C extends ListCall>(call: C, input: CallInput<C> = {} as CallInput<C>): Promise<DocOf<C>[]> {
  const base = (input.query ?? {}) as Record<string, unknown>;
  const docs: DocOf<C>[] = [];
  for (let page = 1; ; page++) {
    const answer = (await callApi(call, { ...input, query: { pageSize: LIMITS.pageSizeMax, ...base, page } } as CallInput<C>)) as Paged<DocOf<C>>;
    docs.push(...answer.docs);
    if (!answer.meta.hasMore || answer.docs.length === 0) return docs;
  }
}

/**
 * A picker's options: every page of a list call, read through the cache under the call's own key
 * (its area first), so the write that changes that area reads it again, per active website.
 */
export function useAllPages<C extends ListCall>(call: C, input: CallInput<C> = {} as CallInput<C>, options: { enabled?: boolean } = {}) {
  const websiteId = useSession().activeWebsite?._id;
  return useQuery({
    queryKey: callKey(call, websiteId, { ...input, allPages: true }),
    queryFn: ({ signal }) => fetchAllPages(call, { ...input, signal }),
    ...options,
  });
}

type MutationOptions<C extends CallDefinition> = Omit<UseMutationOptions<CallAnswer<C>, Error, CallInput<C>>, 'mutationFn'> & {
  /** Other calls whose areas this write changes too (its own area is always invalidated). */
  invalidates?: readonly CallDefinition[];
};

/** Writes through a call; on success the call's area (and any other named) is read again. */
export function useCallMutation<C extends CallDefinition>(call: C, { invalidates = [], onSuccess, ...options }: MutationOptions<C> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => callApi(call, input),
    ...options,
    onSuccess: async (...args) => {
      const areas = new Set([callArea(call), ...invalidates.map(callArea)]);
      await Promise.all([...areas].map((area) => client.invalidateQueries({ queryKey: ['api', area] })));
      await onSuccess?.(...args);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Lists: their page, size and filters live in the URL
// ---------------------------------------------------------------------------------------------

/** Page 1, 10 a page. */
export const DEFAULT_PAGE_SIZE = 10;

export interface ListUrlState<F extends string> {
  page: number;
  pageSize: number;
  /** Each filter's value ('' when unset). */
  filters: Record<F, string>;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** Sets filters (empty removes them) and goes back to page 1. */
  setFilters: (changes: Partial<Record<F, string>>) => void;
  /** The sort (`?orderBy=name&order=asc`; newest first when absent), part of the link like the page. */
  orderBy: string;
  order: 'asc' | 'desc';
  /** Sorts by another field or direction and goes back to page 1. */
  setSort: (orderBy: string, order: 'asc' | 'desc') => void;
}

const DEFAULT_ORDER_BY = 'createdAt';
const DEFAULT_ORDER = 'desc';

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/**
 * A list's page, page size and filters in the URL's query (`?page=2&name=ops`), so a list survives a
 * reload, Back and a shared link (Airflow's `useTableURLState`). Each change is a history entry, so
 * Back returns to the previous page or filter. Defaults are left out of the URL. `defaultPageSize`
 * is for the lists the console reads in one go (tags: 1000, workspaces: 100).
 */
export function useListUrlState<F extends string = never>(filterNames: readonly F[] = [], prefix = '', defaultPageSize = DEFAULT_PAGE_SIZE): ListUrlState<F> {
  const [params, setParams] = useSearchParams();
  const key = (name: string) => `${prefix}${name}`;
  const page = positive(params.get(key('page')), 1);
  const pageSize = positive(params.get(key('pageSize')), defaultPageSize);
  const orderBy = params.get(key('orderBy')) || DEFAULT_ORDER_BY;
  const order = params.get(key('order')) === 'asc' ? 'asc' : DEFAULT_ORDER;
  const filterKey = filterNames.map((f) => params.get(key(f)) ?? '').join('\u0000');
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((f, i) => [f, filterKey.split('\u0000')[i] ?? ''])) as Record<F, string>,
    // filterNames is a constant list per screen; its values are in filterKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );
  const update = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          const isDefault =
            value === undefined ||
            value === '' ||
            (name === 'page' && value === 1) ||
            (name === 'pageSize' && value === defaultPageSize) ||
            (name === 'orderBy' && value === DEFAULT_ORDER_BY) ||
            (name === 'order' && value === DEFAULT_ORDER);
          if (isDefault) next.delete(key(name));
          else next.set(key(name), String(value));
        }
        return next;
      }),
    // key depends on prefix only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams, prefix, defaultPageSize],
  );
  return {
    page,
    pageSize,
    filters,
    setPage: useCallback((p: number) => update({ page: p }), [update]),
    setPageSize: useCallback((s: number) => update({ pageSize: s, page: 1 }), [update]),
    setFilters: useCallback((changes: Partial<Record<F, string>>) => update({ ...changes, page: 1 }), [update]),
    orderBy,
    order,
    setSort: useCallback((by: string, direction: 'asc' | 'desc') => update({ orderBy: by, order: direction, page: 1 }), [update]),
  };
}

/**
 * A paged list call driven by the URL's list state, with the props `<DataTable>` takes. The previous
 * page stays on screen while the next one loads (no flash of empty table).
 */
export function useListQuery<C extends ListCall, F extends string>(
  call: C,
  state: ListUrlState<F>,
  {
    extraQuery = {},
    params,
    fallbackError,
    enabled = true,
  }: { extraQuery?: Record<string, unknown>; params?: CallInput<C>['params']; fallbackError: string; enabled?: boolean },
) {
  const query = { page: state.page, pageSize: state.pageSize, orderBy: state.orderBy, order: state.order, ...state.filters, ...extraQuery };
  // `params`: the path parameters of a list under one thing (a group's members).
  const result = useCallQuery(call, { params, query } as CallInput<C>, { placeholderData: keepPreviousData, enabled });
  const answer = result.data as Paged<DocOf<C>> | undefined;
  const docs = answer?.docs ?? [];
  const total = answer?.meta.totalDocs ?? 0;
  const error = result.isError ? errorMessage(result.error, fallbackError) : null;
  return {
    ...result,
    docs,
    total,
    tableProps: {
      data: docs,
      total,
      page: state.page,
      pageSize: state.pageSize,
      onPageChange: state.setPage,
      loading: result.isFetching,
      error,
      onRetry: () => void result.refetch(),
    },
  };
}
