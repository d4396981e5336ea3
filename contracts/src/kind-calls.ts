import type { z } from 'zod';
import { defineCall, inWebsite } from './call';
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
 * permission resource of spec section 6, its schemas. Every kind has the same calls in the same shape,
 * so the API serves them with one generic implementation (api/src/routes/campaigns) and the browser
 * calls them (each remote's features/<kind>/api files).
 */

/** The permission resources of the content kinds (spec section 6). */
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
  /** Cancel is a DELETE for popups and banners, a PATCH for push notifications, a POST for checklists (as the spec lists them). */
  cancelMethod: 'DELETE' | 'PATCH' | 'POST';
  /**
   * Where duplicate and cancel put the id: `PUT /duplicate/:id` (default) or, for checklists,
   * `POST /:id/duplicate` (the spec's paths).
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
  const actionPath = <V extends string>(verb: V) => (idFirst ? (`${path}/:id/${verb}` as const) : (`${path}/${verb}/:id` as const));
  return {
    list: defineCall({
      method: 'GET',
      path,
      access: kindAccess('get', resource),
      summary: `List the active website's ${label} items, newest first, with filters`,
      tag,
      query: kind.listQuery,
      response: campaignPageSchema,
      errors: KIND_CALL_ERRORS,
    }),
    get: defineCall({
      method: 'GET',
      path: `${path}/:id`,
      access: kindAccess('get', resource),
      summary: `One ${label} with its whole document`,
      tag,
      params: idParamSchema,
      response: kind.item,
      errors: KIND_CALL_ERRORS,
    }),
    create: defineCall({
      method: 'POST',
      path,
      access: kindAccess('create', resource),
      summary: `Create a ${label} in the active website (the document's workspace is the create route's id); live at once unless ?draft=true`,
      tag,
      query: campaignCreateQuerySchema,
      body: kind.body,
      status: 201,
      response: kind.saved,
      errors: KIND_CALL_ERRORS,
    }),
    deleteMany: defineCall({
      method: 'DELETE',
      path,
      access: kindAccess('delete', resource),
      summary: `Delete several ${label} items at once, all or nothing`,
      tag,
      body: kind.deleteMany,
      response: messageSchema,
      errors: KIND_CALL_ERRORS,
    }),
    duplicate: defineCall({
      method: idFirst ? 'POST' : 'PUT',
      path: actionPath('duplicate'),
      access: kindAccess(kind.duplicateAction ?? 'duplicate', resource),
      summary: `Duplicate a ${label}: the copy is a draft titled "… (copy)"`,
      tag,
      params: idParamSchema,
      status: 201,
      response: kind.saved,
      errors: KIND_CALL_ERRORS,
    }),
    cancel: defineCall({
      method: kind.cancelMethod,
      path: actionPath('cancel'),
      access: kindAccess('cancel', resource),
      summary: `Cancel a ${label}: it stops showing, and stays listed as cancelled`,
      tag,
      params: idParamSchema,
      response: kind.saved,
      errors: KIND_CALL_ERRORS,
    }),
    // The lifecycle's actions: each its own call, with the kind's `update_*` permission (changing what
    // visitors see is editing the item), in the shape of the spec's duplicate call.
    publish: defineCall({
      method: 'PUT',
      path: `${path}/publish/:id`,
      access: kindAccess('update', resource),
      summary: `Publish a ${label}: its unpublished changes (or the draft) go live now and are stored as a new version`,
      tag,
      params: idParamSchema,
      response: kind.saved,
      errors: KIND_CALL_ERRORS,
    }),
    schedule: defineCall({
      method: 'PUT',
      path: `${path}/schedule/:id`,
      access: kindAccess('update', resource),
      summary: `Schedule a ${label}: published as a new version, shown from startsAt until endsAt (optional)`,
      tag,
      params: idParamSchema,
      body: campaignScheduleBodySchema,
      response: kind.saved,
      errors: KIND_CALL_ERRORS,
    }),
    discardDraft: defineCall({
      method: 'DELETE',
      path: `${path}/draft/:id`,
      access: kindAccess('update', resource),
      summary: `Discard a ${label}'s unpublished changes: the editor shows the live version again`,
      tag,
      params: idParamSchema,
      response: kind.saved,
      errors: KIND_CALL_ERRORS,
    }),
    listVersions: defineCall({
      method: 'GET',
      path: `${path}/:id/versions`,
      access: kindAccess('get', resource),
      summary: `The published versions of a ${label}, newest first`,
      tag,
      params: idParamSchema,
      response: campaignVersionsResponseSchema,
      errors: KIND_CALL_ERRORS,
    }),
    // Reading what the content call would decide changes nothing: the kind's `get_*` permission, a POST for its body.
    explain: defineCall({
      method: 'POST',
      path: `${path}/:id/explain`,
      access: kindAccess('get', resource),
      summary: `Why a ${label} is (not) shown: the content call's checks for one visitor or person on one page, step by step`,
      tag,
      params: idParamSchema,
      body: explainBodySchema,
      response: explainResponseSchema,
      errors: KIND_CALL_ERRORS,
    }),
    restoreVersion: defineCall({
      method: 'PUT',
      path: `${path}/:id/versions/:number/restore`,
      access: kindAccess('update', resource),
      summary: `Restore a published version of a ${label} as its unpublished changes (publish to make it live)`,
      tag,
      params: versionParamSchema,
      response: kind.saved,
      errors: KIND_CALL_ERRORS,
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
  return {
    update: defineCall({
      method: 'PUT',
      path: `${path}/:id`,
      access: kindAccess('update', resource),
      summary: `Update a ${label}: its whole document`,
      tag,
      params: idParamSchema,
      body: kind.body,
      response: kind.saved,
      errors: KIND_CALL_ERRORS,
    }),
    delete: defineCall({
      method: 'DELETE',
      path: `${path}/:id`,
      access: kindAccess('delete', resource),
      summary: `Delete a ${label} (its comments, reactions and answers go with it)`,
      tag,
      params: idParamSchema,
      response: messageSchema,
      errors: KIND_CALL_ERRORS,
    }),
  };
}

/**
 * The calls of the kinds that keep an id in the path for update and delete and that visitors react
 * to (popups and banners): update and delete by id, comments, reactions, reaction counts.
 */
export function campaignItemCalls<const P extends string, B extends z.ZodType, S extends z.ZodType>(kind: KindItemData<P, B, S>) {
  const { path, resource, tag, label } = kind;
  return {
    ...campaignUpdateDeleteCalls(kind),
    listComments: defineCall({
      method: 'GET',
      path: `${path}/:id/comments`,
      access: kindAccess('get', resource),
      summary: `Comments visitors left on a ${label}, newest first`,
      tag,
      params: idParamSchema,
      query: commentListQuerySchema,
      response: commentPageSchema,
      errors: KIND_CALL_ERRORS,
    }),
    listReacts: defineCall({
      method: 'GET',
      path: `${path}/:id/reacts`,
      access: kindAccess('get', resource),
      summary: `Reactions visitors gave to a ${label}, newest first, with the emoji filter`,
      tag,
      params: idParamSchema,
      query: reactListQuerySchema,
      response: reactPageSchema,
      errors: KIND_CALL_ERRORS,
    }),
    countReacts: defineCall({
      method: 'GET',
      path: `${path}/:id/count-reacts`,
      access: kindAccess('get', resource),
      summary: `Reaction counts of a ${label}, per emoji`,
      tag,
      params: idParamSchema,
      response: countReactsResponseSchema,
      errors: KIND_CALL_ERRORS,
    }),
  };
}
