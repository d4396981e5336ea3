import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACTION_NOT_ALLOWED_MESSAGE,
  bannerCalls,
  canAct,
  CREATED_STATUS_OF,
  editsGoToDraft,
  NOTHING_TO_PUBLISH_MESSAGE,
  popupCalls,
  pushNotificationCalls,
  tourCalls,
  checklistCalls,
  type CallDefinition,
  type CampaignScheduleBody,
  defaultTour,
  type MessageCode,
  type LifecycleAction,
  type PageQuery,
  type ReactListQuery,
} from 'contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { serve } from '../../http/serve';
import { conflict, notFound } from '../../lib/errors';
import { caller, activeWebsiteOf } from '../../plugins/access';
import { campaignsStore, type CampaignListFilters } from '../../stores/campaigns';
import { bannerKind, checklistKind, popupKind, pushKind, tourKind, type AnyCampaignKind } from './kinds';
import { checklistRoutes } from './checklists';
import { tourRoutes } from './tours';
import { exportRoutes } from './export';
import { explainItem } from './explain';

type Doc = { tag: string | null; workspace: string | null; status?: string };
type Id = { id: string };

/**
 * The calls every kind has (contracts' `campaignCalls`). Typed loosely on purpose: one generic
 * implementation serves the three kinds, whose schemas differ; each call's schemas still parse the
 * request before the handler runs.
 */
interface KindCalls {
  list: CallDefinition;
  get: CallDefinition;
  create: CallDefinition;
  deleteMany: CallDefinition;
  duplicate: CallDefinition;
  cancel: CallDefinition;
  publish: CallDefinition;
  schedule: CallDefinition;
  discardDraft: CallDefinition;
  listVersions: CallDefinition;
  restoreVersion: CallDefinition;
  explain: CallDefinition;
}
/** The calls of the kinds with an id in update/delete paths and visitor feedback (`campaignItemCalls`). */
interface ItemCalls {
  update: CallDefinition;
  delete: CallDefinition;
  /** Absent for kinds visitors do not comment on or react to (checklists). */
  listComments?: CallDefinition;
  listReacts?: CallDefinition;
  countReacts?: CallDefinition;
}

/** One kind of campaign as served: its rules, its calls, and where its list's title filter is. */
interface ServedKind {
  rules: AnyCampaignKind;
  calls: KindCalls;
  /** Each list names its title filter after its document (titleOfPopup, titleOfBanner, title). */
  titleParam: string;
  /** The bulk delete body's list (popups, banners, notifications). */
  idsField: string;
  /** A kind created without a body (tours): the new item's document, from the request's query. */
  newDocument?: (request: FastifyRequest) => Doc;
}

const POPUPS: ServedKind = { rules: popupKind, calls: popupCalls, titleParam: 'titleOfPopup', idsField: 'popups' };
const BANNERS: ServedKind = { rules: bannerKind, calls: bannerCalls, titleParam: 'titleOfBanner', idsField: 'banners' };
const PUSH_NOTIFICATIONS: ServedKind = { rules: pushKind, calls: pushNotificationCalls, titleParam: 'title', idsField: 'notifications' };
const TOURS: ServedKind = {
  rules: tourKind,
  calls: tourCalls,
  titleParam: 'title',
  idsField: 'productTours',
  newDocument: (request) => defaultTour((request.query as { workSpace?: string }).workSpace ?? null),
};

const CHECKLISTS: ServedKind = { rules: checklistKind, calls: checklistCalls, titleParam: 'title', idsField: 'checklists' };

/** The kind's store in the caller's website, on the product's clock. */
const storeOf = (ctx: AppContext, db: DbOrTx, request: FastifyRequest, rules: AnyCampaignKind) =>
  campaignsStore(db, activeWebsiteOf(request), rules, () => new Date(ctx.clock.now()));

/**
 * Checks a document's references, then writes it in one transaction; returns the saved view. The
 * status is the server's: a new item starts in its kind's created status (or `draft` when the author
 * saves it as a draft); an update keeps the stored status (the bodies carry none; only the
 * lifecycle's actions change it). An update of an item visitors are served (public, scheduled) goes
 * to its unpublished changes: visitors keep the published version until Publish.
 */
async function save(ctx: AppContext, rules: AnyCampaignKind, request: FastifyRequest, sent: Doc, id?: string, asDraft = false) {
  let body = sent;
  const campaigns = storeOf(ctx, ctx.db, request, rules);
  // 404 before anything about the body: a foreign campaign is never hinted at.
  if (id) await campaigns.assertOwn(id);
  if (rules.prepare) body = rules.prepare(body, id ? await campaigns.documents(id) : []);
  await campaigns.assertRefs(body);
  return ctx.db.transaction(async (tx) => {
    const store = storeOf(ctx, tx, request, rules);
    if (!id) {
      const doc: Doc = { ...body, status: asDraft ? 'draft' : CREATED_STATUS_OF[rules.kind] };
      return store.view(await store.insert(caller(request).userId, doc));
    }
    const state = await store.state(id);
    // Gone since the check above (deleted meanwhile): the same 404.
    if (!state) throw notFound(rules.messages.notFound);
    const doc = { ...body, status: state.status };
    if (editsGoToDraft(state)) await store.saveDraft(id, doc);
    else await store.update(id, doc);
    return store.view(id);
  });
}

/** 409 when the lifecycle does not allow `action` on the item now. */
async function assertCan(store: ReturnType<typeof campaignsStore>, rules: AnyCampaignKind, id: string, action: LifecycleAction) {
  const state = await store.state(id);
  if (!state) throw notFound(rules.messages.notFound);
  if (!canAct(action, state)) throw conflict(action === 'publish' ? NOTHING_TO_PUBLISH_MESSAGE : ACTION_NOT_ALLOWED_MESSAGE);
  // What goes live must be complete (a tour needs a title and steps): 409 with the fields to fill.
  if ((action === 'publish' || action === 'schedule') && rules.publishable) {
    const errors = rules.publishable(await store.view(id)) as Record<string, MessageCode>;
    const first = Object.values(errors)[0];
    if (first) throw conflict(first, errors);
  }
}

/**
 * The calls every kind has: list, create, get, bulk delete, duplicate, cancel. Every call runs inside
 * the website of the `Activewebsite` header; a campaign of another website (or organisation, or kind)
 * answers 404 exactly like a missing one.
 */
function serveKind(app: FastifyInstance, ctx: AppContext, { rules, calls, titleParam, idsField, newDocument }: ServedKind) {
  const store = (request: FastifyRequest) => storeOf(ctx, ctx.db, request, rules);
  const messages = rules.messages;

  serve(app, calls.list, (request) => {
    const query = request.query as PageQuery & CampaignListFilters & Record<string, string | undefined>;
    // Checklists name the author filter `author` (spec section 7); the others `sender`.
    return store(request).page({ ...query, sender: query.sender ?? query.author, title: query[titleParam] });
  });

  serve(app, calls.create, async (request) => ({
    message: messages.created,
    data: await save(
      ctx,
      rules,
      request,
      newDocument ? newDocument(request) : (request.body as Doc),
      undefined,
      (request.query as { draft?: string }).draft === 'true',
    ),
  }));

  serve(app, calls.get, async (request) => ({ data: await store(request).view((request.params as Id).id) }));

  serve(app, calls.deleteMany, async (request) => {
    const ids = [...new Set((request.body as Record<string, string[]>)[idsField])];
    // All or nothing: one foreign or missing id throws, which rolls the deletion back.
    await ctx.db.transaction((tx) => campaignsStore(tx, activeWebsiteOf(request), rules).removeAll(ids));
    return { message: ids.length === 1 ? messages.deleted : messages.deletedMany };
  });

  // A copy (document and targets) titled "… (copy)", in draft, by the caller.
  serve(app, calls.duplicate, async (request) => {
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = storeOf(ctx, tx, request, rules);
      const source = await campaigns.view((request.params as Id).id);
      const {
        _id: _sourceId,
        sender: _s,
        reactCount: _r,
        commentCount: _c,
        createdAt: _ca,
        updatedAt: _ua,
        hasDraft: _hd,
        startsAt: _sa,
        endsAt: _ea,
        publishedAt: _pa,
        ...doc
      } = source;
      const id = await campaigns.insert(caller(request).userId, rules.duplicate(doc));
      return campaigns.view(id);
    });
    return { message: messages.duplicated, data };
  });

  serve(app, calls.cancel, async (request) => {
    const { id } = request.params as Id;
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = campaignsStore(tx, activeWebsiteOf(request), rules);
      await campaigns.cancel(id);
      return campaigns.view(id);
    });
    return { message: messages.cancelled, data };
  });

  // The lifecycle's actions (contracts' lifecycle.ts): publish now, or on a schedule.
  serve(app, calls.publish, async (request) => {
    const { id } = request.params as Id;
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = storeOf(ctx, tx, request, rules);
      await assertCan(campaigns, rules, id, 'publish');
      await campaigns.publish(id, caller(request).userId);
      return campaigns.view(id);
    });
    return { message: messages.published, data };
  });

  serve(app, calls.schedule, async (request) => {
    const { id } = request.params as Id;
    const body = request.body as CampaignScheduleBody;
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = storeOf(ctx, tx, request, rules);
      await assertCan(campaigns, rules, id, 'schedule');
      await campaigns.publish(id, caller(request).userId, { startsAt: new Date(body.startsAt), endsAt: body.endsAt ? new Date(body.endsAt) : null });
      return campaigns.view(id);
    });
    return { message: messages.scheduled, data };
  });

  serve(app, calls.discardDraft, async (request) => {
    const { id } = request.params as Id;
    const data = await ctx.db.transaction(async (tx) => {
      const campaigns = storeOf(ctx, tx, request, rules);
      await assertCan(campaigns, rules, id, 'discardDraft');
      await campaigns.discardDraft(id);
      return campaigns.view(id);
    });
    return { message: messages.draftDiscarded, data };
  });

  serve(app, calls.explain, async (request) => ({ data: await explainItem(ctx, request, rules) }));

  serve(app, calls.listVersions, async (request) => ({ data: await store(request).versions((request.params as Id).id) }));

  // A version comes back as the working copy, exactly as if the author had typed it: publish to make it live.
  serve(app, calls.restoreVersion, async (request) => {
    const { id, number } = request.params as { id: string; number: number };
    const snapshot = await store(request).versionDocument(id, number);
    const { status: _status, ...body } = snapshot as Doc & { status?: string };
    return { message: messages.versionRestored, data: await save(ctx, rules, request, body, id) };
  });
}

/** Update and delete by id, and what visitors said (comments, reactions): popups and banners. */
function serveItemCalls(app: FastifyInstance, ctx: AppContext, rules: AnyCampaignKind, calls: ItemCalls) {
  const store = (request: FastifyRequest) => campaignsStore(ctx.db, activeWebsiteOf(request), rules);

  // The whole document (the editor sends it all).
  serve(app, calls.update, async (request) => ({
    message: rules.messages.updated,
    data: await save(ctx, rules, request, request.body as Doc, (request.params as Id).id),
  }));

  serve(app, calls.delete, async (request) => {
    await store(request).remove((request.params as Id).id);
    return { message: rules.messages.deleted };
  });

  if (calls.listComments) serve(app, calls.listComments, (request) => store(request).comments((request.params as Id).id, request.query as PageQuery));
  if (calls.listReacts) {
    serve(app, calls.listReacts, (request) => store(request).reactions((request.params as Id).id, request.query as PageQuery & ReactListQuery));
  }
  if (calls.countReacts) serve(app, calls.countReacts, (request) => store(request).reactionCounts((request.params as Id).id));
}

/**
 * Campaigns (spec section 7): popups under /api/popups (the spec's "posts": permissions *_posts),
 * banners under /api/banners, push notifications under /api/push-notification, and the popups'
 * form-answers export. One implementation for the three kinds; their differences are data
 * (kinds.ts, and the calls built by contracts' `campaignCalls`).
 */
export function campaignRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const kind of [POPUPS, BANNERS, PUSH_NOTIFICATIONS, TOURS, CHECKLISTS]) serveKind(app, ctx, kind);
  serveItemCalls(app, ctx, popupKind, popupCalls);
  serveItemCalls(app, ctx, bannerKind, bannerCalls);
  serveItemCalls(app, ctx, tourKind, tourCalls);
  serveItemCalls(app, ctx, checklistKind, checklistCalls);
  tourRoutes(app, ctx);
  checklistRoutes(app, ctx);

  // PUT /api/push-notification: the spec's path has no id (like PUT /api/segment), so `_id` is in the body.
  serve(app, pushNotificationCalls.update, async (request) => {
    const { _id, ...doc } = request.body;
    return { message: pushKind.messages.updated, data: await save(ctx, pushKind, request, doc, _id) };
  });

  exportRoutes(app, ctx);
}
