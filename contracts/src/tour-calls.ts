import { tourKind } from './content-kinds';

/**
 * Product tours' calls (/api/product-tours, permissions *_tour), each under its own
 * `<verb><Thing>Call` name, built from the tour's descriptor (content-kinds.ts).
 */
export const tourCalls = tourKind.calls;

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
