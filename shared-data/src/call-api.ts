import type { z } from 'zod';
import { callUrl, type CallAnswer, type CallBodyInput, type CallDefinition, type CallParamsInput, type CallQueryInput } from 'contracts';
import type { AxiosRequestConfig } from 'axios';
import { api } from './api-client';

/** What a call needs from the browser: its path parameters, query and body, as the contract types them. */
export type CallInput<C extends CallDefinition> = (C extends { params: z.ZodType } ? { params: CallParamsInput<C> } : { params?: undefined }) &
  (C extends { query: z.ZodType } ? { query?: CallQueryInput<C> } : { query?: undefined }) &
  (C extends { multipart: true } ? { body: FormData } : C extends { body: z.ZodType } ? { body: CallBodyInput<C> } : { body?: undefined }) & {
    signal?: AbortSignal;
    /** The client's own switches (api-client.ts): no refresh on a 401, no leaving for the root. */
    config?: { skipAuthRefresh?: boolean; skipRootRedirect?: boolean };
    /** Headers a call names in its definition (the installation check's `x-client-id`). */
    headers?: Record<string, string>;
  };

/** Query values left empty are not sent (the name filter only when non-empty). */
function cleanQuery(query: unknown): Record<string, unknown> | undefined {
  if (!query || typeof query !== 'object') return undefined;
  return Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/**
 * THE typed caller of the console: the URL, method and answer type come from the
 * call's definition in `contracts`, and the answer is parsed with its schema, so a field the server
 * stopped sending fails here, loudly, instead of as `undefined` deep in a screen. Headers, the 401
 * refresh and the replay are the axios client's (api-client.ts).
 */
export async function callApi<C extends CallDefinition>(call: C, input: CallInput<C> = {} as CallInput<C>): Promise<CallAnswer<C>> {
  const url = callUrl(call, input.params as Record<string, string> | undefined);
  const config: AxiosRequestConfig = { ...input.config };
  const query = cleanQuery(input.query);
  if (query) config.params = query;
  if (input.signal) config.signal = input.signal;
  if (input.headers) config.headers = input.headers;
  if (call.answer === 'file') config.responseType = 'blob';
  // Through axios' method helpers (a body only where the method has one), so a test spying on
  // `api.post` sees exactly (url, body) as it did before the calls were defined in contracts.
  const extra = Object.keys(config).length > 0 ? [config] : [];
  const res =
    call.method === 'GET'
      ? await api.get(url, ...extra)
      : call.method === 'DELETE'
        ? await (input.body === undefined ? api.delete(url, ...extra) : api.delete(url, { ...config, data: input.body }))
        : await api[call.method === 'POST' ? 'post' : call.method === 'PUT' ? 'put' : 'patch'](url, input.body, ...extra);
  if (call.answer === 'file' || !call.response) return res.data as CallAnswer<C>;
  return call.response.parse(res.data) as CallAnswer<C>;
}

/** The HTTP status of a failed call (undefined when no answer came: network failure). */
export function httpStatus(error: unknown): number | undefined {
  return (error as { response?: { status?: number } } | null)?.response?.status;
}

/**
 * The seconds a refused call's Retry-After asks to wait (undefined when there is none): the API
 * sends it with every 429, and exposes it to the console's origin.
 */
export function retryAfterSeconds(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: unknown } } | null)?.response?.headers as
    { get?: (name: string) => unknown; [name: string]: unknown } | undefined;
  if (!headers) return undefined;
  const raw = typeof headers.get === 'function' ? headers.get('retry-after') : headers['retry-after'];
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}
