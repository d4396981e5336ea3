import { defineCall, inWebsite } from './call';
import { idParamSchema } from './common';
import { campaignCalls, campaignItemCalls } from './campaign-calls';
import {
  checklistBodySchema,
  checklistDeleteBodySchema,
  checklistListQuerySchema,
  checklistResponseSchema,
  checklistSavedResponseSchema,
  checklistStatsQuerySchema,
  checklistStatsResponseSchema,
} from './checklists';

/**
 * Checklists: /api/check-list, permissions *_checklist (spec sections 6 and 7), built by the same
 * `campaignCalls` as every kind. Its own spellings stay the spec's: duplicate and cancel are
 * `POST /api/check-list/{id}/duplicate|cancel`, and duplicating needs `duplication_checklist`.
 */
const checklist = {
  path: '/api/check-list',
  resource: 'checklist',
  tag: 'checklists',
  label: 'checklist',
  listQuery: checklistListQuerySchema,
  body: checklistBodySchema,
  item: checklistResponseSchema,
  saved: checklistSavedResponseSchema,
  deleteMany: checklistDeleteBodySchema,
  cancelMethod: 'POST',
  actionPaths: 'idFirst',
  duplicateAction: 'duplication',
} as const;

const { listComments: _c, listReacts: _r, countReacts: _n, ...itemCalls } = campaignItemCalls(checklist);

export const checklistCalls = {
  ...campaignCalls(checklist),
  // Visitors do not comment on or react to a checklist: update and delete by id only.
  ...itemCalls,
  /** The view screen: the completion funnel, and per visitor (per person once identified) the tasks done and when. */
  statsUser: defineCall({
    method: 'GET',
    path: `${checklist.path}/:id/stats-user`,
    access: inWebsite('get_checklist'),
    summary: "A checklist's completion funnel and each visitor's (or person's) tasks done and when, searchable and paged (5 a page)",
    tag: checklist.tag,
    params: idParamSchema,
    query: checklistStatsQuerySchema,
    response: checklistStatsResponseSchema,
    errors: [400, 401, 403, 404],
  }),
};

export const listChecklistsCall = checklistCalls.list;
export const getChecklistCall = checklistCalls.get;
export const createChecklistCall = checklistCalls.create;
export const updateChecklistCall = checklistCalls.update;
export const deleteChecklistCall = checklistCalls.delete;
export const deleteChecklistsCall = checklistCalls.deleteMany;
export const duplicateChecklistCall = checklistCalls.duplicate;
export const cancelChecklistCall = checklistCalls.cancel;
export const publishChecklistCall = checklistCalls.publish;
export const scheduleChecklistCall = checklistCalls.schedule;
export const discardChecklistDraftCall = checklistCalls.discardDraft;
export const listChecklistVersionsCall = checklistCalls.listVersions;
export const explainChecklistCall = checklistCalls.explain;
export const restoreChecklistVersionCall = checklistCalls.restoreVersion;
export const checklistStatsUserCall = checklistCalls.statsUser;
