import type { z } from 'zod';
import { defineCall, inWebsite, type CallDefinition } from './call';
import { idParamSchema, messageSchema } from './common';
import { explainBodySchema, explainResponseSchema } from './explain';
import type { Permission } from './permissions';
import {
  campaignCreateQuerySchema,
  campaignPageSchema,
  campaignScheduleBodySchema,
  campaignVersionsResponseSchema,
  versionParamSchema,
  commentListQuerySchema,
  commentPageSchema,
  countReactsResponseSchema,
  reactListQuerySchema,
  reactPageSchema,
} from './campaigns';

/**
 * The calls of a content kind, built from its descriptor's data (content-kinds.ts): its path, the
 * permission resource, its schemas. Every kind has the same calls in the same shape,
 * so the API serves them with one generic implementation (api/src/routes/campaigns) and the browser
 * calls them (each remote's features/<kind>/api files).
 */

/** The permission resources of the content kinds. */
export type CampaignPermissionResource = 'posts' | 'banners' | 'pushNotification' | 'tour' | 'checklist' | 'email';
export type CampaignAction = 'get' | 'create' | 'update' | 'delete' | 'cancel' | 'duplicate' | 'duplication';

export const kindAccess = (action: CampaignAction, resource: CampaignPermissionResource) => inWebsite(`${action}_${resource}` as Permission);

/** Errors every campaign call can give: bad input, not signed in, not allowed, not this website's item. */
export const KIND_CALL_ERRORS = [400, 401, 403, 404] as const;

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
  /** Cancel is a DELETE for popups and banners, a PATCH for push notifications, a POST for checklists (fixed paths existing clients call). */
  cancelMethod: 'DELETE' | 'PATCH' | 'POST';
  /**
   * Where duplicate and cancel put the id: `PUT /duplicate/:id` (default) or, for checklists,
   * `POST /:id/duplicate` (the checklists' fixed paths).
   */
  actionPaths?: 'verbFirst' | 'idFirst';
  /** The duplicate permission's action: `duplicate`, or `duplication` for checklists. */
  duplicateAction?: 'duplicate' | 'duplication';
}

/**
 * One call of a kind: the kind's tag and errors, and the kind's permission for `action`; `itemCall`
 * takes the item's id in its path too. Each kind call says only its method, path, summary and schemas.
 */
function kindCallMaker(tag: string, resource: CampaignPermissionResource) {
  const shared = <A extends CampaignAction>(action: A) => ({ tag, access: kindAccess(action, resource), errors: KIND_CALL_ERRORS });
  return {
    kindCall: <const C extends KindCallSpec>(action: CampaignAction, call: C) => defineCall({ ...shared(action), ...call }),
    itemCall: <const C extends KindCallSpec>(action: CampaignAction, call: C) => defineCall({ ...shared(action), params: idParamSchema, ...call }),
  };
}
type KindCallSpec = Omit<CallDefinition, 'tag' | 'access' | 'errors'>;

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
  const { kindCall, itemCall } = kindCallMaker(tag, resource);
  const idFirst = kind.actionPaths === 'idFirst';
  const actionPath = <V extends string>(verb: V) => (idFirst ? (`${path}/:id/${verb}` as const) : (`${path}/${verb}/:id` as const));
  return {
    list: kindCall('get', {
      method: 'GET',
      path,
      summary: `List the active website's ${label} items, newest first, with filters`,
      query: kind.listQuery,
      response: campaignPageSchema,
    }),
    get: itemCall('get', { method: 'GET', path: `${path}/:id`, summary: `One ${label} with its whole document`, response: kind.item }),
    create: kindCall('create', {
      method: 'POST',
      path,
      summary: `Create a ${label} in the active website (the document's workspace is the create route's id); live at once unless ?draft=true`,
      query: campaignCreateQuerySchema,
      body: kind.body,
      status: 201,
      response: kind.saved,
    }),
    deleteMany: kindCall('delete', {
      method: 'DELETE',
      path,
      summary: `Delete several ${label} items at once, all or nothing`,
      body: kind.deleteMany,
      response: messageSchema,
    }),
    duplicate: itemCall(kind.duplicateAction ?? 'duplicate', {
      method: idFirst ? 'POST' : 'PUT',
      path: actionPath('duplicate'),
      summary: `Duplicate a ${label}: the copy is a draft titled "… (copy)"`,
      status: 201,
      response: kind.saved,
    }),
    cancel: itemCall('cancel', {
      method: kind.cancelMethod,
      path: actionPath('cancel'),
      summary: `Cancel a ${label}: it stops showing, and stays listed as cancelled`,
      response: kind.saved,
    }),
    // The lifecycle's actions: each its own call, with the kind's `update_*` permission (changing what
    // visitors see is editing the item), in the shape of the duplicate call.
    publish: itemCall('update', {
      method: 'PUT',
      path: `${path}/publish/:id`,
      summary: `Publish a ${label}: its unpublished changes (or the draft) go live now and are stored as a new version`,
      response: kind.saved,
    }),
    schedule: itemCall('update', {
      method: 'PUT',
      path: `${path}/schedule/:id`,
      summary: `Schedule a ${label}: published as a new version, shown from startsAt until endsAt (optional)`,
      body: campaignScheduleBodySchema,
      response: kind.saved,
    }),
    discardDraft: itemCall('update', {
      method: 'DELETE',
      path: `${path}/draft/:id`,
      summary: `Discard a ${label}'s unpublished changes: the editor shows the live version again`,
      response: kind.saved,
    }),
    listVersions: itemCall('get', {
      method: 'GET',
      path: `${path}/:id/versions`,
      summary: `The published versions of a ${label}, newest first`,
      response: campaignVersionsResponseSchema,
    }),
    // Reading what the content call would decide changes nothing: the kind's `get_*` permission, a POST for its body.
    explain: itemCall('get', {
      method: 'POST',
      path: `${path}/:id/explain`,
      summary: `Why a ${label} is (not) shown: the content call's checks for one visitor or person on one page, step by step`,
      body: explainBodySchema,
      response: explainResponseSchema,
    }),
    restoreVersion: kindCall('update', {
      method: 'PUT',
      path: `${path}/:id/versions/:number/restore`,
      summary: `Restore a published version of a ${label} as its unpublished changes (publish to make it live)`,
      params: versionParamSchema,
      response: kind.saved,
    }),
  };
}

/** What the calls on one item of a kind need from its descriptor. */
type KindItemData<P extends string, B extends z.ZodType, S extends z.ZodType> = Pick<
  KindData<P, z.ZodType, B, z.ZodType, S, z.ZodType>,
  'path' | 'resource' | 'tag' | 'label' | 'body' | 'saved'
>;

/** Update and delete by id (the kinds whose paths carry the id: popups, banners, tours, checklists, e-mails). */
export function campaignUpdateDeleteCalls<const P extends string, B extends z.ZodType, S extends z.ZodType>(kind: KindItemData<P, B, S>) {
  const { path, resource, tag, label } = kind;
  const { itemCall } = kindCallMaker(tag, resource);
  return {
    update: itemCall('update', { method: 'PUT', path: `${path}/:id`, summary: `Update a ${label}: its whole document`, body: kind.body, response: kind.saved }),
    delete: itemCall('delete', {
      method: 'DELETE',
      path: `${path}/:id`,
      summary: `Delete a ${label} (its comments, reactions and answers go with it)`,
      response: messageSchema,
    }),
  };
}

/**
 * The calls of the kinds that keep an id in the path for update and delete and that visitors react
 * to (popups and banners): update and delete by id, comments, reactions, reaction counts.
 */
export function campaignItemCalls<const P extends string, B extends z.ZodType, S extends z.ZodType>(kind: KindItemData<P, B, S>) {
  const { path, resource, tag, label } = kind;
  const { itemCall } = kindCallMaker(tag, resource);
  return {
    ...campaignUpdateDeleteCalls(kind),
    listComments: itemCall('get', {
      method: 'GET',
      path: `${path}/:id/comments`,
      summary: `Comments visitors left on a ${label}, newest first`,
      query: commentListQuerySchema,
      response: commentPageSchema,
    }),
    listReacts: itemCall('get', {
      method: 'GET',
      path: `${path}/:id/reacts`,
      summary: `Reactions visitors gave to a ${label}, newest first, with the emoji filter`,
      query: reactListQuerySchema,
      response: reactPageSchema,
    }),
    countReacts: itemCall('get', {
      method: 'GET',
      path: `${path}/:id/count-reacts`,
      summary: `Reaction counts of a ${label}, per emoji`,
      response: countReactsResponseSchema,
    }),
  };
}
