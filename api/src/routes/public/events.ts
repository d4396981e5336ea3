import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageCode } from 'contracts';
import {
  EVENT_CLAMP_MS,
  EVENT_OTHER_VISITOR_MESSAGE,
  EVENT_UNKNOWN_CONTENT_MESSAGE,
  EVENT_WRONG_KIND_MESSAGE,
  EVENT_UNKNOWN_TASK_MESSAGE,
  EVENT_TASK_NOT_BY_PAGE_MESSAGE,
  EVENT_UNKNOWN_STEP_MESSAGE,
  EVENT_TOUR_NOT_STARTED_MESSAGE,
  EVENT_TOUR_STEPS_NOT_SEEN_MESSAGE,
  EVENT_CHECKLIST_TASKS_NOT_DONE_MESSAGE,
  EVENTS_ACCEPTED_MESSAGE,
  EVENTS_PARTLY_ACCEPTED_MESSAGE,
  EVENTS_RATE_LIMITED_MESSAGE,
  EVENTS_REFUSED_MESSAGE,
  EVENTS_VISITOR_RATE_LIMITED_MESSAGE,
  EVENTS_WEBSITE_RATE_LIMITED_MESSAGE,
  VISITOR_TOKEN_OTHER_VISITOR_MESSAGE,
  kindAccepts,
  recordEventsCall,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest, HttpError, unauthorized } from '../../lib/errors';
import { bearerToken } from '../../plugins/access';
import { loadAuthContext } from '../../stores/users';
import { checklistStatsStore } from '../../stores/checklists';
import { tourStatsStore } from '../../stores/tours';
import { websiteScriptStore } from '../../stores/website-script';
import type { ScriptServices } from '../../delivery/script-services';

/**
 * Whether the request is an import of history by the website's staff: an `Authorization: Bearer`
 * access token of a live session whose user holds create_websites in the organisation that owns the
 * website. Without the header, false (a visitor's page); with a header that does not pass, 401/403,
 * never a silent fall back to the visitor's rules.
 */
async function isStaffImport(request: FastifyRequest, ctx: AppContext, websiteId: string): Promise<boolean> {
  if (request.headers.authorization === undefined) return false;
  const token = bearerToken(request);
  if (!token) throw unauthorized('auth.invalidAccessToken');
  const claims = await ctx.tokens.verifyAccessToken(token);
  const session = await loadAuthContext(ctx.db, claims.fid);
  if (!session || session.userId !== claims.sub || session.familyRevokedAt || session.familyExpiresAt.getTime() <= Date.now()) {
    throw unauthorized('auth.sessionEndedSignInAgain');
  }
  const organisationId = await websiteScriptStore(ctx.db).organisationOf(websiteId);
  // Another organisation's website answers like a missing permission: the key reveals nothing more.
  if (organisationId !== session.organisationId || !session.permissions.includes('create_websites')) throw new HttpError(403, 'auth.forbidden');
  return true;
}

/**
 * POST /api/public/{websiteKey}/events: what a website's visitors did, as its script reports it.
 * Event by event: every event is checked (shape by the contract, for the whole batch; content belongs
 * to this website and accepts the event) before anything is written, then the valid ones are written
 * in one transaction and the answer names each refused one (`errors`, keyed `events.<index>.<field>`),
 * so one bad event never costs the visitor the others and the script drops only what cannot succeed.
 * A batch of which nothing is valid answers 400 with the same errors. An event the page gave an id is
 * stored once: ids the website already holds are skipped (unique index, ON CONFLICT DO NOTHING), with
 * the comment, reaction or answer it carried, so a batch retried after a network failure counts once.
 *
 * A batch speaks for one visitor: the visitor token of the content call names them, and an event of
 * another visitor is refused (403: the token is good, but it does not entitle its holder to speak
 * for someone else, and sending it again cannot succeed; 401 is for a token that is not valid —
 * forged, another website's, expired — which the script renews before sending the batch again).
 * Each visitor keeps one reaction per item (a new one replaces theirs), sends a bounded number of
 * comments and answers a minute, and cannot date an event outside the last 24 hours.
 */
export function eventsRoute(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, recordEventsCall, async (request) => {
    const { websiteKey } = request.params;
    const { events: sent, token, v } = request.body;

    const { website: site } = await services.website(request, websiteKey);
    // Counted in events, not calls, and refused batches count too (a flood of bad batches is a flood);
    // a valid token's visitor is counted too, so a flood is shed by visitor as well as by address.
    const held = await services.tokens.check(token, site.id);
    services.limit('events', site.id, request, sent.length, {
      address: EVENTS_RATE_LIMITED_MESSAGE,
      website: EVENTS_WEBSITE_RATE_LIMITED_MESSAGE,
      visitorId: held?.visitorId,
      visitorSince: held?.since,
    });

    // Only an invalid token is checked again, for the reason of its 401 (expired or not).
    const visitor = held ?? (await services.tokens.verify(token, site.id));
    const strangers: Record<string, MessageCode> = {};
    sent.forEach((e, i) => {
      if (e.visitorId !== visitor.visitorId) strangers[`events.${i}.visitorId`] = EVENT_OTHER_VISITOR_MESSAGE;
    });
    if (Object.keys(strangers).length > 0) throw new HttpError(403, VISITOR_TOKEN_OTHER_VISITOR_MESSAGE, strangers);
    const history = await isStaffImport(request, ctx, site.id);
    // The installation shows after the page's first view: that view's content call held no token yet
    // (it answered one), its events do. The same rules as the content call's heartbeat.
    if (!history) await services.heartbeat(site, request, visitor.visitorId, token, v);
    // A visitor's comments and answers are bounded a minute (an import of their history is not their flood).
    const messages = sent.filter((e) => e.type === 'comment' || e.type === 'answer').length;
    if (messages > 0 && !history) {
      services.takeAll([[services.visitorMessageLimiter, `messages|${site.id}|${visitor.visitorId}`, EVENTS_VISITOR_RATE_LIMITED_MESSAGE]], messages);
    }

    const now = new Date();
    const ids = [...new Set(sent.flatMap((e) => ('contentId' in e ? [e.contentId] : [])))];
    const store = websiteScriptStore(ctx.db);
    // A visitor's page can only have been served what is live now: a draft, a cancelled item or one
    // outside its schedule takes no view, reaction, comment or answer (it answers like unknown
    // content). Staff importing history may speak of items since ended.
    const known = await store.contentKinds(site.id, ids, history ? undefined : now);
    const errors: Record<string, MessageCode> = {};
    sent.forEach((e, i) => {
      if (e.type === 'session' || e.type === 'track') return;
      const kind = known.get(e.contentId);
      // Another website's content answers like a missing one: the key reveals nothing about others.
      if (!kind) errors[`events.${i}.contentId`] = EVENT_UNKNOWN_CONTENT_MESSAGE;
      else if (!kindAccepts(kind, e.type)) errors[`events.${i}.contentId`] = EVENT_WRONG_KIND_MESSAGE;
    });
    // A page reports only the tasks only it can see done (ticked by hand, an element clicked); the
    // task must be one of its checklist's. The server completes the rest itself from what it saw.
    const taskOf = sent.flatMap((e, i) => (e.type === 'task' && !errors[`events.${i}.contentId`] ? [{ e, i }] : []));
    if (taskOf.length > 0) {
      const rules = await checklistStatsStore(ctx.db, site.id).taskRules([...new Set(taskOf.map(({ e }) => e.contentId))]);
      for (const { e, i } of taskOf) {
        const rule = e.type === 'task' ? rules.get(e.contentId)?.get(e.target) : undefined;
        if (!rule) errors[`events.${i}.target`] = EVENT_UNKNOWN_TASK_MESSAGE;
        else if (rule !== 'manual' && rule !== 'click') errors[`events.${i}.target`] = EVENT_TASK_NOT_BY_PAGE_MESSAGE;
      }
    }
    // A step is one of the published tour's steps.
    const stepOf = sent.flatMap((e, i) => ((e.type === 'step' || e.type === 'element_missing') && !errors[`events.${i}.contentId`] ? [{ e, i }] : []));
    const tours = tourStatsStore(ctx.db, site.id);
    const tourIds = [
      ...new Set(
        sent.flatMap((e, i) =>
          (e.type === 'step' || e.type === 'element_missing' || e.type === 'complete') && known.get(e.contentId) === 'tour' && !errors[`events.${i}.contentId`]
            ? [e.contentId]
            : [],
        ),
      ),
    ];
    const steps = await tours.publishedSteps(tourIds);
    for (const { e, i } of stepOf) {
      const target = e.type === 'step' || e.type === 'element_missing' ? e.target : undefined;
      if (!steps.get(e.contentId)?.some((step) => step.id === target)) errors[`events.${i}.target`] = EVENT_UNKNOWN_STEP_MESSAGE;
    }
    if (!history) await checkCompletions();
    const refused = new Set(Object.keys(errors).map((field) => Number(field.split('.')[1])));
    if (refused.size === sent.length) throw badRequest(EVENTS_REFUSED_MESSAGE, errors);
    const valid = sent.filter((_, i) => !refused.has(i));

    /** Whether an event of the batch is already refused (a refused event proves nothing to the events after it). */
    function isRefused(i: number) {
      return Object.keys(errors).some((field) => field.startsWith(`events.${i}.`));
    }

    /**
     * A completion is the server's to grant, from what it saw of this visitor (stored, or earlier in
     * this batch): a tour once started and every step it shows reached (a step advanced by reaching a
     * page may be passed by without being shown); a checklist once every task is done.
     */
    async function checkCompletions() {
      const completes = sent.flatMap((e, i) => (e.type === 'complete' && !errors[`events.${i}.contentId`] ? [{ e, i }] : []));
      if (completes.length === 0) return;
      const tourCompletes = completes.filter(({ e }) => known.get(e.contentId) === 'tour');
      const reached = await tours.reached([...new Set(tourCompletes.map(({ e }) => e.contentId))], visitor.visitorId, visitor.personId);
      sent.forEach((e, i) => {
        if (!('contentId' in e) || isRefused(i)) return;
        const tour = reached.get(e.contentId);
        if (!tour) return;
        if (e.type === 'view') tour.started = true;
        if (e.type === 'step' || e.type === 'element_missing') tour.steps.add(e.target);
      });
      for (const { e, i } of tourCompletes) {
        const tour = reached.get(e.contentId);
        const shown = (steps.get(e.contentId) ?? []).filter((step) => step.advanceOn !== 'page');
        if (!tour?.started) errors[`events.${i}.type`] = EVENT_TOUR_NOT_STARTED_MESSAGE;
        else if (!shown.every((step) => tour.steps.has(step.id))) errors[`events.${i}.type`] = EVENT_TOUR_STEPS_NOT_SEEN_MESSAGE;
      }

      const checklistCompletes = completes.filter(({ e }) => known.get(e.contentId) === 'checklist');
      if (checklistCompletes.length === 0) return;
      const checklists = checklistStatsStore(ctx.db, site.id);
      const documents = await checklists.published([...new Set(checklistCompletes.map(({ e }) => e.contentId))]);
      // What this batch does besides: tasks ticked, events tracked, tours completed.
      const tracked = new Set(sent.flatMap((e) => (e.type === 'track' ? [e.name] : [])));
      const toursDone = new Set(sent.flatMap((e, i) => (e.type === 'complete' && !errors[`events.${i}.type`] ? [e.contentId] : [])));
      for (const { e, i } of checklistCompletes) {
        const checklist = documents.get(e.contentId) ?? { tasks: [] };
        const done = new Set(await checklists.doneFor(e.contentId, checklist, visitor.visitorId));
        sent.forEach((x, j) => {
          if (x.type === 'task' && x.contentId === e.contentId && !isRefused(j)) done.add(x.target);
        });
        for (const task of checklist.tasks) {
          const c = task.completion;
          if ((c.type === 'event' && tracked.has(c.name)) || (c.type === 'tour' && toursDone.has(c.tourId))) done.add(task.id);
        }
        if (checklist.tasks.length === 0 || !checklist.tasks.every((task) => done.has(task.id)))
          errors[`events.${i}.type`] = EVENT_CHECKLIST_TASKS_NOT_DONE_MESSAGE;
      }
    }

    // A page's clock and its word are not trusted with the past: its events land in the last 24 hours
    // (the contract already refused the far future and the far past). Staff importing history keep theirs.
    const earliest = now.getTime() - EVENT_CLAMP_MS;
    const at = (occurredAt: string | undefined) => {
      if (!occurredAt) return now;
      const t = Date.parse(occurredAt);
      return new Date(history ? Math.min(t, now.getTime()) : Math.min(Math.max(t, earliest), now.getTime()));
    };
    // A view counts once per visitor, item and page view: each content call signs the visitor a new
    // token, so the token's expiry names the page view the server answered, and a view's id is made
    // of it here (the website's unique index keeps one, however many the page sends or forges).
    const pageView = visitor.expiresAt ?? 0;
    const rows = valid.map((e) => ({
      eventId: e.type === 'view' && !history ? `view:${e.contentId}:${e.visitorId}:${pageView}` : (e.id ?? null),
      target: e.type === 'click' || e.type === 'step' || e.type === 'element_missing' || e.type === 'task' ? (e.target ?? null) : null,
      detail: e.type === 'element_missing' ? e.detail : e.type === 'track' ? { name: e.name } : null,
      websiteId: site.id,
      type: e.type,
      visitorId: e.visitorId,
      device: e.type === 'session' ? e.device : null,
      contentId: e.type === 'session' || e.type === 'track' ? null : e.contentId,
      contentKind: e.type === 'session' || e.type === 'track' ? null : (known.get(e.contentId) ?? null),
      occurredAt: at(e.occurredAt),
    }));
    const comments = (events: typeof valid) =>
      events.flatMap((e) => (e.type === 'comment' ? [{ contentId: e.contentId, visitorId: e.visitorId, body: e.body, createdAt: at(e.occurredAt) }] : []));
    const reactions = (events: typeof valid) =>
      events.flatMap((e) => (e.type === 'react' ? [{ contentId: e.contentId, visitorId: e.visitorId, emoji: e.emoji, createdAt: at(e.occurredAt) }] : []));
    const answers = (events: typeof valid) =>
      events.flatMap((e) =>
        e.type === 'answer'
          ? e.answers.map((a) => ({
              contentId: e.contentId,
              visitorId: e.visitorId,
              blockId: a.blockId,
              question: a.question,
              answer: a.answer,
              createdAt: at(e.occurredAt),
            }))
          : [],
      );
    const accepted = await store.recordEvents(rows, (newIds) => {
      // What was new: events without an id, and those whose id the website did not hold yet (once each, even within one batch).
      const events = valid.filter((_, i) => rows[i].eventId === null || newIds.delete(rows[i].eventId));
      // Denormalised counters the content lists show (commentCount here; reactCount by the store, once per visitor), bumped once per item.
      const bumps = new Map<string, { react: number; comment: number }>();
      for (const e of events) {
        if (e.type !== 'comment') continue;
        const b = bumps.get(e.contentId) ?? { react: 0, comment: 0 };
        b.comment += 1;
        bumps.set(e.contentId, b);
      }
      return { comments: comments(events), reactions: reactions(events), answers: answers(events), bumps };
    });
    if (refused.size === 0) return { message: EVENTS_ACCEPTED_MESSAGE, accepted };
    return { message: EVENTS_PARTLY_ACCEPTED_MESSAGE, accepted, errors };
  });
}
