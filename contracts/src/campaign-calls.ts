import type { z } from 'zod';
import { defineCall, inWebsite } from './call';
import { idParamSchema, messageSchema } from './common';
import { explainBodySchema, explainResponseSchema } from './explain';
import type { Permission } from './permissions';
import {
  bannerBodySchema,
  bannerDeleteBodySchema,
  bannerListQuerySchema,
  bannerResponseSchema,
  bannerSavedResponseSchema,
  campaignCreateQuerySchema,
  campaignPageSchema,
  campaignScheduleBodySchema,
  campaignVersionsResponseSchema,
  versionParamSchema,
  commentListQuerySchema,
  commentPageSchema,
  countReactsResponseSchema,
  popupBodySchema,
  popupDeleteBodySchema,
  popupListQuerySchema,
  popupResponseSchema,
  popupSavedResponseSchema,
  pushNotificationBodySchema,
  pushNotificationDeleteBodySchema,
  pushNotificationListQuerySchema,
  pushNotificationResponseSchema,
  pushNotificationSavedResponseSchema,
  pushNotificationUpdateBodySchema,
  reactListQuerySchema,
  reactPageSchema,
  uploadResponseSchema,
  UPLOAD_FIELD,
} from './campaigns';

/**
 * The calls of campaigns (popups, banners, push notifications; issue 11). The three kinds share the
 * shape of their calls, so each kind's calls are BUILT from data (its path, the permission resource
 * of spec section 6, its schemas) by `campaignCalls`, and each call is then exported under its own
 * `<verb><Thing>Call` name. The API serves them with one generic implementation
 * (api/src/routes/campaigns), the browser calls them (remote-campaigns/src/features/*\/api).
 *
 * Names: the spec calls popups "posts" in its browser routes (`/posts`) and permissions
 * (`get_posts`…); the API's paths say `popups`. Both stay as the spec writes them (see README's
 * Glossary).
 */

/** The permission resources of the three kinds (spec section 6). */
export type CampaignPermissionResource = 'posts' | 'banners' | 'pushNotification' | 'tour' | 'checklist';
type CampaignAction = 'get' | 'create' | 'update' | 'delete' | 'cancel' | 'duplicate' | 'duplication';

const access = (action: CampaignAction, resource: CampaignPermissionResource) => inWebsite(`${action}_${resource}` as Permission);

/** Errors every campaign call can give: bad input, not signed in, not allowed, not this website's item. */
const ERRORS = [400, 401, 403, 404] as const;

interface KindData<P extends string, L extends z.ZodType, B extends z.ZodType, G extends z.ZodType, S extends z.ZodType, D extends z.ZodType> {
  /** The collection's path, `/api/popups`. */
  path: P;
  resource: CampaignPermissionResource;
  /** The OpenAPI tag. */
  tag: string;
  /** "popup", for the summaries. */
  label: string;
  listQuery: L;
  body: B;
  /** GET /{id}'s answer. */
  item: G;
  /** What create, update, duplicate and cancel answer: a message and the saved item. */
  saved: S;
  /** The bulk delete's body (`{ popups: [ids] }`). */
  deleteMany: D;
  /** Cancel is a DELETE for popups and banners, a PATCH for push notifications, a POST for checklists (as the spec lists them). */
  cancelMethod: 'DELETE' | 'PATCH' | 'POST';
  /**
   * Where duplicate and cancel put the id: `/duplicate/:id` (default) or, for checklists,
   * `/:id/duplicate` with a POST (the spec's paths).
   */
  actionPaths?: 'verbFirst' | 'idFirst';
  /** The duplicate permission's action: `duplicate`, or `duplication` for checklists (spec section 6). */
  duplicateAction?: 'duplicate' | 'duplication';
}

/** The calls every kind has: list, get, create, bulk delete, duplicate, cancel. */
export function campaignCalls<
  const P extends string,
  L extends z.ZodType,
  B extends z.ZodType,
  G extends z.ZodType,
  S extends z.ZodType,
  D extends z.ZodType,
  const M extends 'DELETE' | 'PATCH' | 'POST',
>(kind: KindData<P, L, B, G, S, D> & { cancelMethod: M }) {
  const { path, resource, tag, label } = kind;
  const idFirst = kind.actionPaths === 'idFirst';
  const actionPath = (verb: string) => (idFirst ? `${path}/:id/${verb}` : `${path}/${verb}/:id`);
  return {
    list: defineCall({
      method: 'GET',
      path,
      access: access('get', resource),
      summary: `List the active website's ${label} items, newest first, with filters`,
      tag,
      query: kind.listQuery,
      response: campaignPageSchema,
      errors: ERRORS,
    }),
    get: defineCall({
      method: 'GET',
      path: `${path}/:id`,
      access: access('get', resource),
      summary: `One ${label} with its whole document`,
      tag,
      params: idParamSchema,
      response: kind.item,
      errors: ERRORS,
    }),
    create: defineCall({
      method: 'POST',
      path,
      access: access('create', resource),
      summary: `Create a ${label} in the active website (the document's workspace is the create route's id); live at once unless ?draft=true`,
      tag,
      query: campaignCreateQuerySchema,
      body: kind.body,
      status: 201,
      response: kind.saved,
      errors: ERRORS,
    }),
    deleteMany: defineCall({
      method: 'DELETE',
      path,
      access: access('delete', resource),
      summary: `Delete several ${label} items at once, all or nothing`,
      tag,
      body: kind.deleteMany,
      response: messageSchema,
      errors: ERRORS,
    }),
    duplicate: defineCall({
      method: idFirst ? 'POST' : 'PUT',
      path: actionPath('duplicate'),
      access: access(kind.duplicateAction ?? 'duplicate', resource),
      summary: `Duplicate a ${label}: the copy is a draft titled "… (copy)"`,
      tag,
      params: idParamSchema,
      status: 201,
      response: kind.saved,
      errors: ERRORS,
    }),
    cancel: defineCall({
      method: kind.cancelMethod,
      path: actionPath('cancel'),
      access: access('cancel', resource),
      summary: `Cancel a ${label}: it stops showing, and stays listed as cancelled`,
      tag,
      params: idParamSchema,
      response: kind.saved,
      errors: ERRORS,
    }),
    // The lifecycle's actions: each its own call, with the kind's `update_*` permission (changing what
    // visitors see is editing the item), in the shape of the spec's duplicate call.
    publish: defineCall({
      method: 'PUT',
      path: `${path}/publish/:id`,
      access: access('update', resource),
      summary: `Publish a ${label}: its unpublished changes (or the draft) go live now and are stored as a new version`,
      tag,
      params: idParamSchema,
      response: kind.saved,
      errors: ERRORS,
    }),
    schedule: defineCall({
      method: 'PUT',
      path: `${path}/schedule/:id`,
      access: access('update', resource),
      summary: `Schedule a ${label}: published as a new version, shown from startsAt until endsAt (optional)`,
      tag,
      params: idParamSchema,
      body: campaignScheduleBodySchema,
      response: kind.saved,
      errors: ERRORS,
    }),
    discardDraft: defineCall({
      method: 'DELETE',
      path: `${path}/draft/:id`,
      access: access('update', resource),
      summary: `Discard a ${label}'s unpublished changes: the editor shows the live version again`,
      tag,
      params: idParamSchema,
      response: kind.saved,
      errors: ERRORS,
    }),
    listVersions: defineCall({
      method: 'GET',
      path: `${path}/:id/versions`,
      access: access('get', resource),
      summary: `The published versions of a ${label}, newest first`,
      tag,
      params: idParamSchema,
      response: campaignVersionsResponseSchema,
      errors: ERRORS,
    }),
    // Reading what the content call would decide changes nothing: the kind's `get_*` permission, a POST for its body.
    explain: defineCall({
      method: 'POST',
      path: `${path}/:id/explain`,
      access: access('get', resource),
      summary: `Why a ${label} is (not) shown: the content call's checks for one visitor or person on one page, step by step`,
      tag,
      params: idParamSchema,
      body: explainBodySchema,
      response: explainResponseSchema,
      errors: ERRORS,
    }),
    restoreVersion: defineCall({
      method: 'PUT',
      path: `${path}/:id/versions/:number/restore`,
      access: access('update', resource),
      summary: `Restore a published version of a ${label} as its unpublished changes (publish to make it live)`,
      tag,
      params: versionParamSchema,
      response: kind.saved,
      errors: ERRORS,
    }),
  };
}

/**
 * The calls of the kinds that keep an id in the path for update and delete and that visitors react
 * to (popups and banners): update and delete by id, comments, reactions, reaction counts.
 */
export function campaignItemCalls<const P extends string, B extends z.ZodType, S extends z.ZodType>(kind: {
  path: P;
  resource: CampaignPermissionResource;
  tag: string;
  label: string;
  body: B;
  saved: S;
}) {
  const { path, resource, tag, label } = kind;
  return {
    update: defineCall({
      method: 'PUT',
      path: `${path}/:id`,
      access: access('update', resource),
      summary: `Update a ${label}: its whole document`,
      tag,
      params: idParamSchema,
      body: kind.body,
      response: kind.saved,
      errors: ERRORS,
    }),
    delete: defineCall({
      method: 'DELETE',
      path: `${path}/:id`,
      access: access('delete', resource),
      summary: `Delete a ${label} (its comments, reactions and answers go with it)`,
      tag,
      params: idParamSchema,
      response: messageSchema,
      errors: ERRORS,
    }),
    listComments: defineCall({
      method: 'GET',
      path: `${path}/:id/comments`,
      access: access('get', resource),
      summary: `Comments visitors left on a ${label}, newest first`,
      tag,
      params: idParamSchema,
      query: commentListQuerySchema,
      response: commentPageSchema,
      errors: ERRORS,
    }),
    listReacts: defineCall({
      method: 'GET',
      path: `${path}/:id/reacts`,
      access: access('get', resource),
      summary: `Reactions visitors gave to a ${label}, newest first, with the emoji filter`,
      tag,
      params: idParamSchema,
      query: reactListQuerySchema,
      response: reactPageSchema,
      errors: ERRORS,
    }),
    countReacts: defineCall({
      method: 'GET',
      path: `${path}/:id/count-reacts`,
      access: access('get', resource),
      summary: `Reaction counts of a ${label}, per emoji`,
      tag,
      params: idParamSchema,
      response: countReactsResponseSchema,
      errors: ERRORS,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Popups (spec: "posts"): /api/popups, permissions *_posts
// ---------------------------------------------------------------------------------------------

const popup = {
  path: '/api/popups',
  resource: 'posts',
  tag: 'popups',
  label: 'popup',
  listQuery: popupListQuerySchema,
  body: popupBodySchema,
  item: popupResponseSchema,
  saved: popupSavedResponseSchema,
  deleteMany: popupDeleteBodySchema,
  cancelMethod: 'DELETE',
} as const;
export const popupCalls = { ...campaignCalls(popup), ...campaignItemCalls(popup) };

export const listPopupsCall = popupCalls.list;
export const getPopupCall = popupCalls.get;
export const createPopupCall = popupCalls.create;
export const updatePopupCall = popupCalls.update;
export const deletePopupCall = popupCalls.delete;
export const deletePopupsCall = popupCalls.deleteMany;
export const duplicatePopupCall = popupCalls.duplicate;
export const cancelPopupCall = popupCalls.cancel;
export const publishPopupCall = popupCalls.publish;
export const schedulePopupCall = popupCalls.schedule;
export const discardPopupDraftCall = popupCalls.discardDraft;
export const listPopupVersionsCall = popupCalls.listVersions;
export const explainPopupCall = popupCalls.explain;
export const restorePopupVersionCall = popupCalls.restoreVersion;
export const listPopupCommentsCall = popupCalls.listComments;
export const listPopupReactsCall = popupCalls.listReacts;
export const countPopupReactsCall = popupCalls.countReacts;

/**
 * GET /api/export/{id} (get_posts): the form answers of a popup as `form_answers_{id}.xlsx`; 404
 * 'campaigns.noSurveysFound' when it has none yet.
 */
export const exportPopupAnswersCall = defineCall({
  method: 'GET',
  path: '/api/export/:id',
  access: inWebsite('get_posts'),
  summary: 'Download the form answers of a popup as form_answers_{id}.xlsx',
  tag: 'popups',
  params: idParamSchema,
  answer: 'file',
  errors: ERRORS,
});

// ---------------------------------------------------------------------------------------------
// Banners: /api/banners, permissions *_banners
// ---------------------------------------------------------------------------------------------

const banner = {
  path: '/api/banners',
  resource: 'banners',
  tag: 'banners',
  label: 'banner',
  listQuery: bannerListQuerySchema,
  body: bannerBodySchema,
  item: bannerResponseSchema,
  saved: bannerSavedResponseSchema,
  deleteMany: bannerDeleteBodySchema,
  cancelMethod: 'DELETE',
} as const;
export const bannerCalls = { ...campaignCalls(banner), ...campaignItemCalls(banner) };

export const listBannersCall = bannerCalls.list;
export const getBannerCall = bannerCalls.get;
export const createBannerCall = bannerCalls.create;
export const updateBannerCall = bannerCalls.update;
export const deleteBannerCall = bannerCalls.delete;
export const deleteBannersCall = bannerCalls.deleteMany;
export const duplicateBannerCall = bannerCalls.duplicate;
export const cancelBannerCall = bannerCalls.cancel;
export const publishBannerCall = bannerCalls.publish;
export const scheduleBannerCall = bannerCalls.schedule;
export const discardBannerDraftCall = bannerCalls.discardDraft;
export const listBannerVersionsCall = bannerCalls.listVersions;
export const explainBannerCall = bannerCalls.explain;
export const restoreBannerVersionCall = bannerCalls.restoreVersion;
export const listBannerCommentsCall = bannerCalls.listComments;
export const listBannerReactsCall = bannerCalls.listReacts;
export const countBannerReactsCall = bannerCalls.countReacts;

// ---------------------------------------------------------------------------------------------
// Push notifications: /api/push-notification, permissions *_pushNotification. The spec lists PUT
// without an id (the body carries `_id`) and one DELETE with the `notifications` id list (one id for
// the row action, several for the bulk delete); no comments or reactions.
// ---------------------------------------------------------------------------------------------

const push = {
  path: '/api/push-notification',
  resource: 'pushNotification',
  tag: 'push notifications',
  label: 'push notification',
  listQuery: pushNotificationListQuerySchema,
  body: pushNotificationBodySchema,
  item: pushNotificationResponseSchema,
  saved: pushNotificationSavedResponseSchema,
  deleteMany: pushNotificationDeleteBodySchema,
  cancelMethod: 'PATCH',
} as const;
export const pushNotificationCalls = {
  ...campaignCalls(push),
  update: defineCall({
    method: 'PUT',
    path: push.path,
    access: access('update', push.resource),
    summary: 'Update a push notification: its whole document, with its _id in the body',
    tag: push.tag,
    body: pushNotificationUpdateBodySchema,
    response: push.saved,
    errors: ERRORS,
  }),
};

export const listPushNotificationsCall = pushNotificationCalls.list;
export const getPushNotificationCall = pushNotificationCalls.get;
export const createPushNotificationCall = pushNotificationCalls.create;
export const updatePushNotificationCall = pushNotificationCalls.update;
export const deletePushNotificationsCall = pushNotificationCalls.deleteMany;
export const duplicatePushNotificationCall = pushNotificationCalls.duplicate;
export const cancelPushNotificationCall = pushNotificationCalls.cancel;
export const publishPushNotificationCall = pushNotificationCalls.publish;
export const schedulePushNotificationCall = pushNotificationCalls.schedule;
export const discardPushNotificationDraftCall = pushNotificationCalls.discardDraft;
export const listPushNotificationVersionsCall = pushNotificationCalls.listVersions;
export const explainPushNotificationCall = pushNotificationCalls.explain;
export const restorePushNotificationVersionCall = pushNotificationCalls.restoreVersion;

// ---------------------------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/upload (create_upload), multipart field `file`: PNG, JPEG, GIF or WebP, decoded and
 * encoded again; 201 only counts as success (spec section 5); 413 when too large or the website's
 * storage is full.
 */
export const uploadImageCall = defineCall({
  method: 'POST',
  path: '/api/upload',
  access: inWebsite('create_upload'),
  summary: `Upload an image (multipart field "${UPLOAD_FIELD}"): PNG, JPEG, GIF or WebP, re-encoded before it is stored`,
  tag: 'upload',
  multipart: true,
  status: 201,
  response: uploadResponseSchema,
  errors: [400, 401, 404, 413],
});
