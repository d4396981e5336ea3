import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  ACTION_NOT_ALLOWED_MESSAGE,
  canAct,
  CONTENT_KIND_DESCRIPTORS,
  CREATED_STATUS_OF,
  editsGoToDraft,
  NOTHING_TO_PUBLISH_MESSAGE,
  type CallDefinition,
  type CampaignCreateQuery,
  type CampaignScheduleBody,
  type DescribedKind,
  type LifecycleAction,
  type PageQuery,
  type ReactListQuery,
} from 'contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bodyOf, serve } from '../../http/serve';
import { conflict, notFound } from '../../lib/errors';
import { caller, activeWebsiteOf } from '../../plugins/access';
import { campaignsStore, type CampaignListFilters, type CampaignsStore } from '../../stores/campaigns';
import { KIND_RULES, splitBodyId, withStatus, type CampaignKindRules, type DocumentOf, type KindDocument } from '../../services/campaign-kinds';
import { exportRoutes } from './export';
import { explainItem } from './explain';
import { checklistRoutes } from './checklists';
import { tourRoutes } from './tours';
import { emitWebhookEvent } from '../../stores/webhooks';
import { recordAudit } from '../../stores/audit-log';
import { auditScope } from '../shared';
import type { AuditAction } from 'contracts';

type Id = { id: string };

/** What the author sends: the document without its status (the server owns it). */
type BodyOf<D extends KindDocument> = Omit<D, 'status'>;
type Call<Extra> = CallDefinition & Extra;
type WithId = { params: ZodType<Id> };

/**
 * A kind's calls as the generic implementation serves them: contracts' `campaignCalls` of its
 * descriptor, typed by the kind's document so each handler reads the body its schema parsed.
 */
interface KindCalls<D extends KindDocument> {
  list: Call<{ query: ZodType<PageQuery & CampaignListFilters & Record<string, unknown>> }>;
  get: Call<WithId>;
  /** With the document as its body; or without a body (tours), the kind's rules making the new document. */
  create: Call<{ body?: ZodType<BodyOf<D>>; query: ZodType<CampaignCreateQuery & { workSpace?: string }> }>;
  deleteMany: CallDefinition;
  duplicate: Call<WithId>;
  cancel: Call<WithId>;
  publish: Call<WithId>;
  schedule: Call<WithId & { body: ZodType<CampaignScheduleBody> }>;
  discardDraft: Call<WithId>;
  listVersions: Call<WithId>;
  restoreVersion: Call<{ params: ZodType<Id & { number: number }> }>;
  /** The kinds the website script shows explain its decision (e-mails go to mailboxes: none). */
  explain?: CallDefinition;
}
/** Update and delete by id (`campaignUpdateDeleteCalls`): popups, banners, e-mails. */
interface ItemCalls<D extends KindDocument> {
  update: Call<WithId & { body: ZodType<BodyOf<D>> }>;
  delete: Call<WithId>;
}
/** What visitors said (`campaignItemCalls` beyond update and delete): popups and banners. */
interface FeedbackCalls {
  listComments: Call<WithId & { query: ZodType<PageQuery> }>;
  listReacts: Call<WithId & { query: ZodType<PageQuery & ReactListQuery> }>;
  countReacts: Call<WithId>;
}
/** The update of a kind whose path has no id (push notifications): `_id` is in the body. */
interface BodyIdUpdate<D extends KindDocument> {
  update: Call<{ body: ZodType<BodyOf<D> & { _id: string }> }>;
}

/** A kind's descriptor (contracts' content-kinds.ts) as the routes read it. */
interface ServedDescriptor<D extends KindDocument> {
  deleteField: string;
  titleParam: string;
  calls: KindCalls<D> & ((ItemCalls<D> & Partial<FeedbackCalls>) | BodyIdUpdate<D>);
}

/**
 * What else happens, in the action's transaction, when an item of a kind goes live (or on a
 * schedule) or is cancelled: e-mails order their sending, and stop what is not sent yet.
 */
export interface KindHooks {
  afterPublish?: (tx: DbOrTx, request: FastifyRequest, id: string) => Promise<void>;
  afterCancel?: (tx: DbOrTx, request: FastifyRequest, id: string) => Promise<void>;
}

/** Every described kind's descriptor, typed by its document: a kind whose calls do not fit the generic implementation does not compile. */
const SERVED: { [K in DescribedKind]: ServedDescriptor<DocumentOf<K>> } = CONTENT_KIND_DESCRIPTORS;

/** The kind's store in the caller's website, on the product's clock. */
const storeOf = <D extends KindDocument>(ctx: AppContext, db: DbOrTx, request: FastifyRequest, rules: CampaignKindRules<D>) =>
  campaignsStore(db, activeWebsiteOf(request), rules, () => new Date(ctx.clock.now()));

/**
 * Checks a document's references, then writes it in one transaction; returns the saved view. The
 * status is the server's: a new item starts in its kind's created status (or `draft` when the author
 * saves it as a draft); an update keeps the stored status (the bodies carry none; only the
 * lifecycle's actions change it). An update of an item visitors are served (public, scheduled) goes
 * to its unpublished changes: visitors keep the published version until Publish.
 */
async function save<D extends KindDocument>(
  ctx: AppContext,
  rules: CampaignKindRules<D>,
  request: FastifyRequest,
  sent: BodyOf<D>,
  id?: string,
  asDraft = false,
  restored?: number,
) {
  const campaigns = storeOf(ctx, ctx.db, request, rules);
  // 404 before anything about the body: a foreign campaign is never hinted at.
  if (id) await campaigns.assertOwn(id);
  const body = rules.prepare ? rules.prepare(sent, id ? await campaigns.documents(id) : []) : sent;
  await campaigns.assertRefs(body);
  return ctx.db.transaction(async (tx) => {
    const store = storeOf(ctx, tx, request, rules);
    if (!id) {
      const doc = withStatus<D>(body, asDraft ? 'draft' : CREATED_STATUS_OF[rules.kind]);
      const created = await store.insert(caller(request).userId, doc);
      await auditContent(tx, request, rules, 'content.created', created);
      return store.view(created);
    }
    const state = await store.state(id);
    // Gone since the check above (deleted meanwhile): the same 404.
    if (!state) throw notFound(rules.messages.notFound);
    const doc = withStatus<D>(body, state.status);
    if (editsGoToDraft(state)) await store.saveDraft(id, doc);
    else await store.update(id, doc);
    if (restored !== undefined) await auditContent(tx, request, rules, 'content.restored', id, { version: restored });
    return store.view(id);
  });
}

/** The audit entry of a change to a content item, named by its kind (and its title when it has one). */
async function auditContent<D extends KindDocument>(
  tx: DbOrTx,
  request: FastifyRequest,
  rules: CampaignKindRules<D>,
  action: AuditAction,
  id: string,
  details: Record<string, unknown> = {},
) {
  await recordAudit(tx, auditScope(request), { action, objectType: rules.kind, objectId: id, details });
}

/** 409 when the lifecycle does not allow `action` on the item now. */
async function assertCan<D extends KindDocument>(store: CampaignsStore<D>, rules: CampaignKindRules<D>, id: string, action: LifecycleAction) {
  const state = await store.state(id);
  if (!state) throw notFound(rules.messages.notFound);
  if (!canAct(action, state)) throw conflict(action === 'publish' ? NOTHING_TO_PUBLISH_MESSAGE : ACTION_NOT_ALLOWED_MESSAGE);
  // What goes live must be complete (a tour needs a title and steps): 409 with the fields to fill.
  if ((action === 'publish' || action === 'schedule') && rules.publishable) {
    const errors = rules.publishable(await store.workingCopy(id));
    const first = Object.values(errors)[0];
    if (first) throw conflict(first, errors);
  }
}

/**
 * Every call of one kind, from its descriptor: list, create, get, bulk delete, duplicate, cancel,
 * the lifecycle's actions, and update/delete. Every call runs inside the website of the
 * `Activewebsite` header; an item of another website (or organisation, or kind) answers 404 exactly
 * like a missing one.
 */
function serveKind<D extends KindDocument>(
  app: FastifyInstance,
  ctx: AppContext,
  { calls, titleParam, deleteField }: ServedDescriptor<D>,
  rules: CampaignKindRules<D>,
  hooks: KindHooks = {},
) {
  const store = (request: FastifyRequest) => storeOf(ctx, ctx.db, request, rules);
  const messages = rules.messages;

  serve(app, calls.list, (request) => {
    const title = request.query[titleParam];
    return store(request).page({ ...request.query, title: typeof title === 'string' ? title : undefined });
  });

  serve(app, calls.create, async (request) => ({
    message: messages.created,
    data: await save(ctx, rules, request, rules.newDocument ? rules.newDocument(request.query) : bodyOf(request)!, undefined, request.query.draft === 'true'),
  }));

  serve(app, calls.get, async (request) => ({ data: await store(request).view(request.params.id) }));

  serve(app, calls.deleteMany, async (request) => {
    const ids = [...new Set(idsIn(request.body, deleteField))];
    // All or nothing: one foreign or missing id throws, which rolls the deletion back.
    await ctx.db.transaction(async (tx) => {
      await campaignsStore(tx, activeWebsiteOf(request), rules).removeAll(ids);
      for (const id of ids) await auditContent(tx, request, rules, 'content.deleted', id);
    });
    return { message: ids.length === 1 ? messages.deleted : messages.deletedMany };
  });

  // A copy (document and targets) titled "… (copy)", in draft, by the caller.
  serve(app, calls.duplicate, async (request) => {
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = storeOf(ctx, tx, request, rules);
      const source = await campaigns.workingCopy(request.params.id);
      const id = await campaigns.insert(caller(request).userId, rules.duplicate(source));
      return campaigns.view(id);
    });
    return { message: messages.duplicated, data };
  });

  serve(app, calls.cancel, async (request) => {
    const { id } = request.params;
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = campaignsStore(tx, activeWebsiteOf(request), rules);
      await campaigns.cancel(id);
      await hooks.afterCancel?.(tx, request, id);
      await auditContent(tx, request, rules, 'content.unpublished', id);
      return campaigns.view(id);
    });
    return { message: messages.cancelled, data };
  });

  // The lifecycle's actions (contracts' lifecycle.ts): publish now, or on a schedule.
  serve(app, calls.publish, async (request) => {
    const { id } = request.params;
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = storeOf(ctx, tx, request, rules);
      await assertCan(campaigns, rules, id, 'publish');
      await campaigns.publish(id, caller(request).userId);
      await hooks.afterPublish?.(tx, request, id);
      const view = await campaigns.view(id);
      await emitWebhookEvent(tx, activeWebsiteOf(request).id, 'content.published', { id, kind: rules.kind, status: view.status, startsAt: null, endsAt: null });
      await auditContent(tx, request, rules, 'content.published', id);
      return view;
    });
    return { message: messages.published, data };
  });

  serve(app, calls.schedule, async (request) => {
    const { id } = request.params;
    const body = request.body;
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = storeOf(ctx, tx, request, rules);
      await assertCan(campaigns, rules, id, 'schedule');
      await campaigns.publish(id, caller(request).userId, { startsAt: new Date(body.startsAt), endsAt: body.endsAt ? new Date(body.endsAt) : null });
      await hooks.afterPublish?.(tx, request, id);
      const view = await campaigns.view(id);
      await emitWebhookEvent(tx, activeWebsiteOf(request).id, 'content.published', {
        id,
        kind: rules.kind,
        status: view.status,
        startsAt: body.startsAt,
        endsAt: body.endsAt ?? null,
      });
      await auditContent(tx, request, rules, 'content.scheduled', id, { startsAt: body.startsAt, endsAt: body.endsAt ?? null });
      return view;
    });
    return { message: messages.scheduled, data };
  });

  serve(app, calls.discardDraft, async (request) => {
    const { id } = request.params;
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = storeOf(ctx, tx, request, rules);
      await assertCan(campaigns, rules, id, 'discardDraft');
      await campaigns.discardDraft(id);
      return campaigns.view(id);
    });
    return { message: messages.draftDiscarded, data };
  });

  if (calls.explain) serve(app, calls.explain, async (request) => ({ data: await explainItem(ctx, request, rules) }));

  serve(app, calls.listVersions, async (request) => ({ data: await store(request).versions(request.params.id) }));

  // A version comes back as the working copy, exactly as if the author had typed it: publish to make it live.
  serve(app, calls.restoreVersion, async (request) => {
    const { id, number } = request.params;
    const { status: _status, ...body } = await store(request).versionDocument(id, number);
    return { message: messages.versionRestored, data: await save(ctx, rules, request, body, id, false, number) };
  });

  if ('delete' in calls) serveItemCalls(app, ctx, rules, calls);
  else {
    // The public path has no id (like PUT /api/segment), so `_id` is in the body.
    serve(app, calls.update, async (request) => {
      const { id, body } = splitBodyId<D>(bodyOf(request));
      return { message: messages.updated, data: await save(ctx, rules, request, body, id) };
    });
  }
}

/** Update and delete by id, and what visitors said (comments, reactions) for the kinds that keep it. */
function serveItemCalls<D extends KindDocument>(
  app: FastifyInstance,
  ctx: AppContext,
  rules: CampaignKindRules<D>,
  calls: ItemCalls<D> & Partial<FeedbackCalls>,
) {
  const store = (request: FastifyRequest) => campaignsStore(ctx.db, activeWebsiteOf(request), rules);

  // The whole document (the editor sends it all).
  serve(app, calls.update, async (request) => ({
    message: rules.messages.updated,
    data: await save(ctx, rules, request, bodyOf(request), request.params.id),
  }));

  serve(app, calls.delete, async (request) => {
    await ctx.db.transaction(async (tx) => {
      await campaignsStore(tx, activeWebsiteOf(request), rules).remove(request.params.id);
      await auditContent(tx, request, rules, 'content.deleted', request.params.id);
    });
    return { message: rules.messages.deleted };
  });

  if (calls.listComments) serve(app, calls.listComments, (request) => store(request).comments(request.params.id, request.query));
  if (calls.listReacts) serve(app, calls.listReacts, (request) => store(request).reactions(request.params.id, request.query));
  if (calls.countReacts) serve(app, calls.countReacts, (request) => store(request).reactionCounts(request.params.id));
}

/** The ids of a bulk delete's body, under the kind's list name (popups, banners, notifications). */
function idsIn(body: unknown, field: string): string[] {
  const ids: unknown = typeof body === 'object' && body !== null ? Object.entries(body).find(([key]) => key === field)?.[1] : undefined;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
}

/** Registers one described kind: its descriptor and its server rules, matched by the kind's name so both have its document's type. */
function serveDescribed<K extends DescribedKind>(app: FastifyInstance, ctx: AppContext, kind: K, hooks?: KindHooks) {
  serveKind(app, ctx, SERVED[kind], KIND_RULES[kind], hooks);
}

/**
 * Content: every kind of CONTENT_KIND_DESCRIPTORS (contracts' content-kinds.ts) under
 * its descriptor's path and permissions, with one implementation; and the popups' form-answers export.
 */
export function campaignRoutes(app: FastifyInstance, ctx: AppContext, hooks: Partial<Record<DescribedKind, KindHooks>> = {}) {
  for (const kind of Object.keys(CONTENT_KIND_DESCRIPTORS) as DescribedKind[]) serveDescribed(app, ctx, kind, hooks[kind]);
  exportRoutes(app, ctx);
  tourRoutes(app, ctx);
  checklistRoutes(app, ctx);
}
