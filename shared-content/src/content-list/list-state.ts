import { useState } from 'react';
import type { ValueFilterSpec } from './use-owner-filters';
import { pageQuerySchema, type ListFilter } from 'contracts';
import type { z } from 'zod';
import { useListUrlState } from 'shared-data';

/** A list call: its query schema names every parameter it accepts. */
interface ListCall<Q extends z.ZodObject> {
  query: Q;
}

/** The filters a list call accepts: its query schema's parameters beyond paging and sort. */
export function listFiltersOf<Q extends z.ZodObject>(call: ListCall<Q>): ListFilter<Q>[] {
  return Object.keys(call.query.shape).filter((name): name is ListFilter<Q> => !(name in pageQuerySchema.shape));
}

/**
 * A content list's page, sort and filters, in the URL under the call's own query names
 * (`?status=draft&page=2`): the filters are read from the call's query schema, so a list never names a
 * filter its call does not accept, nor forgets one it does.
 */
export function useListCallState<Q extends z.ZodObject>(call: ListCall<Q>) {
  // The call is a module constant: its filters never change between renders.
  const [filters] = useState(() => listFiltersOf(call));
  return useListUrlState(filters);
}

/** A list's fixed-value filters: each names a parameter of the list call's query (`typeof listBannersCall`). */
export type ValueFilters<C extends ListCall<z.ZodObject>> = readonly ValueFilterSpec<ListFilter<C['query']>>[];
