import { defineCall, inWebsite } from './call';
import { idParamSchema } from './common';
import { uploadResponseSchema, UPLOAD_FIELD } from './campaigns';
import { bannerKind, popupKind, pushKind } from './content-kinds';
import { kindAccess, KIND_CALL_ERRORS } from './kind-calls';

export { campaignCalls, campaignItemCalls, type CampaignPermissionResource } from './kind-calls';

/**
 * The calls of campaigns (popups, banners, push notifications), each under its own
 * `<verb><Thing>Call` name. They are built from each kind's descriptor (content-kinds.ts), which is
 * the one place a kind's path, permission resource and schemas are written. The API serves them with
 * one generic implementation (api/src/routes/campaigns), the browser calls them
 * (remote-campaigns/src/features/*\/api).
 *
 * Names: popups are "posts" in the console's browser routes and permissions; the API's paths say
 * `popups`. Both stay as existing clients know them (see README's Glossary).
 */

// Popups (spec: "posts")
export const popupCalls = popupKind.calls;

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
 * GET /api/export/{id} (the popups' get permission): the form answers of a popup as `form_answers_{id}.xlsx`; 404
 * 'campaigns.noSurveysFound' when it has none yet.
 */
export const exportPopupAnswersCall = defineCall({
  method: 'GET',
  path: '/api/export/:id',
  access: kindAccess('get', popupKind.resource),
  summary: 'Download the form answers of a popup as form_answers_{id}.xlsx',
  tag: 'popups',
  params: idParamSchema,
  answer: 'file',
  errors: KIND_CALL_ERRORS,
});

// Banners

export const bannerCalls = bannerKind.calls;

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

// Push notifications (update with `_id` in the body, no comments or reactions)

export const pushNotificationCalls = pushKind.calls;

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
 * encoded again; 201 only counts as success; 413 when too large or the website's
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
