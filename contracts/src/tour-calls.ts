import { defineCall, inWebsite } from './call';
import { idParamSchema } from './common';
import { campaignCalls, campaignItemCalls } from './campaign-calls';
import {
  tourBodySchema,
  tourCreateQuerySchema,
  tourDeleteBodySchema,
  tourListQuerySchema,
  tourResponseSchema,
  tourSavedResponseSchema,
  tourStatsResponseSchema,
} from './tours';

/**
 * Product tours: /api/product-tours, permissions *_tour (spec sections 6 and 7), in the banners'
 * shape and built by the same `campaignCalls`, except create: the spec's POST has no body, so it
 * answers a new draft with spec section 3's defaults, in the workspace of `?workSpace=` (optional);
 * the editor and the on-page builder then save it with PUT /api/product-tours/{id}.
 */
const tour = {
  path: '/api/product-tours',
  resource: 'tour',
  tag: 'product tours',
  label: 'product tour',
  listQuery: tourListQuerySchema,
  body: tourBodySchema,
  item: tourResponseSchema,
  saved: tourSavedResponseSchema,
  deleteMany: tourDeleteBodySchema,
  cancelMethod: 'DELETE',
} as const;

export const tourCalls = {
  ...campaignCalls(tour),
  ...campaignItemCalls(tour),
  create: defineCall({
    method: 'POST',
    path: tour.path,
    access: inWebsite('create_tour'),
    summary: 'Create a product tour: no body; answers a new draft with the defaults, in the workspace of ?workSpace= (optional)',
    tag: tour.tag,
    query: tourCreateQuerySchema,
    status: 201,
    response: tourSavedResponseSchema,
    errors: [400, 401, 403, 404],
  }),
  /** The view screen: the step funnel and the element-not-found reports (visitor events of the tour). */
  stats: defineCall({
    method: 'GET',
    path: `${tour.path}/:id/stats`,
    access: inWebsite('get_tour'),
    summary: 'What visitors did with a product tour: started, each step seen, completed, snoozed, dismissed; elements not found, by page and selector',
    tag: tour.tag,
    params: idParamSchema,
    response: tourStatsResponseSchema,
    errors: [400, 401, 403, 404],
  }),
};

export const listToursCall = tourCalls.list;
export const getTourCall = tourCalls.get;
export const createTourCall = tourCalls.create;
export const updateTourCall = tourCalls.update;
export const deleteTourCall = tourCalls.delete;
export const deleteToursCall = tourCalls.deleteMany;
export const duplicateTourCall = tourCalls.duplicate;
export const cancelTourCall = tourCalls.cancel;
export const publishTourCall = tourCalls.publish;
export const scheduleTourCall = tourCalls.schedule;
export const discardTourDraftCall = tourCalls.discardDraft;
export const listTourVersionsCall = tourCalls.listVersions;
export const explainTourCall = tourCalls.explain;
export const restoreTourVersionCall = tourCalls.restoreVersion;
export const listTourCommentsCall = tourCalls.listComments;
export const listTourReactsCall = tourCalls.listReacts;
export const countTourReactsCall = tourCalls.countReacts;
export const tourStatsCall = tourCalls.stats;
