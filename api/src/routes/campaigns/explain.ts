import type { FastifyRequest } from 'fastify';
import {
  BUILT_IN_AUDIENCE_FIELDS,
  EXPLAIN_PERSON_NOT_FOUND_MESSAGE,
  isAudienceGroup,
  pageRuleMatches,
  type AudienceCondition,
  type AudienceGroup,
  type ExplainBody,
  type ExplainCheck,
  type ExplainResponse,
  type ExplainStep,
  type MessageCode,
  type MessageParams,
} from 'contracts';
import type { AppContext } from '../../context';
import { languageOf, translateMessage, type Lang } from '../../i18n/messages';
import { compileStoredAudience } from '../../stores/audience-compiler';
import { notFound } from '../../lib/errors';
import { activeWebsiteOf } from '../../plugins/access';
import { explainStore, type ExplainMemberRow } from '../../stores/explain';
import { ScriptContentCache, servedAt, type CachedItem, type WebsiteContent } from '../../delivery/content-cache';
import { factsOfRow } from '../public/content';
import {
  audienceOk,
  decide,
  deviceOk,
  isInterruptive,
  meets,
  pageRuleOk,
  replayOk,
  runOk,
  seenToday,
  visitHistory,
  type VisitorFacts,
  type Visit,
} from '../../delivery/decide';
import type { CampaignKindRules, KindDocument } from '../../services/campaign-kinds';

type Details = Record<string, unknown>;
const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/**
 * "Why not shown?" for one item: the content call's own decision (the content cache loaded now, the
 * visitor-facts query, decide.ts's checks one by one) for a visitor or a person on a page, each check
 * reported with what it read. The steps stop where the item is not served at all (a draft, a cancelled
 * item, a schedule not open): nothing else is decided for it then.
 */
export async function explainItem(
  ctx: AppContext,
  request: FastifyRequest,
  rules: Pick<CampaignKindRules<KindDocument>, 'kind' | 'messages'>,
): Promise<ExplainResponse['data']> {
  const website = activeWebsiteOf(request);
  const { id } = request.params as { id: string };
  const body = request.body as ExplainBody;
  const store = explainStore(ctx.db, website.id);
  const row = await store.item(rules.kind, id);
  if (!row) throw notFound(rules.messages.notFound);

  let member: ExplainMemberRow | null;
  let visitorId: string | null;
  if (body.personId) {
    const person = await store.person(body.personId.trim());
    if (!person) throw notFound(EXPLAIN_PERSON_NOT_FOUND_MESSAGE);
    ({ member, visitorId } = person);
  } else {
    visitorId = (body.visitorId ?? '').trim();
    member = await store.memberOfVisitor(visitorId);
  }
  const page = { url: body.url, device: body.device ?? 'web' } as const;
  return explainRow(ctx, website.id, row, { member, visitorId }, page, languageOf(request.headers['accept-language']));
}

/** Who an explanation is for: a visitor id (null: a person never seen as one), and their client member if known. */
export interface ExplainSubject {
  member: ExplainMemberRow | null;
  visitorId: string | null;
}
type ExplainRow = NonNullable<Awaited<ReturnType<ReturnType<typeof explainStore>['item']>>>;

/** The explanation of one item of the website (any status) for one subject on one page. */
export async function explainRow(
  ctx: AppContext,
  websiteId: string,
  row: ExplainRow,
  { member, visitorId }: ExplainSubject,
  page: { url: string; device: 'web' | 'mobile' },
  lang: ReturnType<typeof languageOf>,
  loaded?: WebsiteContent | null,
): Promise<ExplainResponse['data']> {
  const store = explainStore(ctx.db, websiteId);
  const id = row.id;
  const steps: ExplainStep[] = [];
  const step = (check: ExplainCheck, ok: boolean, code: MessageCode, details?: Details, params?: MessageParams) =>
    steps.push({ check, ok, message: translateMessage(code, lang, params), ...(details ? { details } : {}) });
  const done = () => ({ wouldShow: steps.every((s) => s.ok), visitorId, steps });
  const now = ctx.clock.now();

  // Status and schedule: the lifecycle (only public and scheduled items are served, their published version).
  const status = row.status;
  if (status !== 'public' && status !== 'scheduled') {
    step('status', false, status === 'cancelled' ? 'explain.statusCancelled' : 'explain.statusDraft', { status });
    return done();
  }
  const content = loaded ?? (await new ScriptContentCache(ctx.database, ctx.log, ctx.clock).fresh(websiteId));
  const schedule = { startsAt: row.startsAt?.toISOString() ?? null, endsAt: row.endsAt?.toISOString() ?? null };
  if (!servedAt(row, now, () => {})) {
    step('status', true, 'explain.statusScheduled', { status });
    step('schedule', false, (row.startsAt?.getTime() ?? -Infinity) > now ? 'explain.scheduleNotStarted' : 'explain.scheduleEnded', schedule);
    return done();
  }
  const item = content?.items.find((it) => it.id === id);
  if (!content || !item) {
    step('status', false, 'explain.statusUnreadable', { status });
    return done();
  }
  step('status', true, status === 'public' ? 'explain.statusLive' : 'explain.statusScheduled', { status });

  const visit: Visit = { url: new URL(page.url.trim()), device: page.device, now, open: new Set(), seen: new Set() };
  const facts: VisitorFacts = factsOfRow(
    visitorId
      ? await content.visitorFacts(visitorId)
      : member
        ? await store.memberFacts(member.id, content.conditions)
        : { memberId: null, identityVerified: false, matched: [], groups: [], history: [] },
  );
  const { history, today, dayStart } = visitHistory(content.items, facts, visit);

  const run = runOk(item, visit);
  step('schedule', run, run ? (row.startsAt || row.endsAt ? 'explain.scheduleOpen' : 'explain.scheduleNone') : 'explain.scheduleEnded', {
    ...schedule,
    runEndsAt: iso(item.endsAt),
  });

  const device = deviceOk(item, visit);
  step('device', device, device ? 'explain.deviceOk' : item.device === 'mobile' ? 'explain.deviceWrongMobile' : 'explain.deviceWrongWeb', {
    device: visit.device,
    itemDevice: item.device,
  });

  await audienceStep(store, row.document, item, facts, member, content, lang, step);

  if (item.item.kind === 'tour') {
    // A tour is served on every page of its audience; the page starts it by itself only on its start
    // page (website-script/src/core/tours.ts), so "shows here" is said of that page only.
    const rule = tourStartRule(item);
    const starts = tourStartsOn(item, visit.url);
    step(
      'pageRule',
      starts,
      rule === '' ? 'explain.tourStartsAnywhere' : starts ? 'explain.tourStarts' : 'explain.tourStartsElsewhere',
      { rule, url: visit.url.href },
      { rule },
    );
  } else {
    const pageOk = pageRuleOk(item, visit);
    const rule = item.href ?? '';
    step(
      'pageRule',
      pageOk,
      rule === '' ? 'explain.pageRuleNone' : pageOk ? 'explain.pageRuleMatched' : 'explain.pageRuleFailed',
      { rule, url: visit.url.href },
      { rule },
    );
  }

  const replay = replayOk(item, visit, history, dayStart);
  const h = history.get(item.id);
  const replayDetails = { lastView: iso(h?.lastView), lastClose: iso(h?.lastClose), ...(item.replay === 'showAgain' ? { showAgain: item.showAgain } : {}) };
  const replayCode = replay
    ? 'explain.replayOk'
    : item.replay === 'untilClosed'
      ? 'explain.replayClosed'
      : item.replay === 'once'
        ? 'explain.replayPushSeen'
        : item.showAgain === 'daily'
          ? 'explain.replaySeenDaily'
          : 'explain.replaySeenNever';
  step('replay', replay, replayCode, replayDetails);

  // The daily cap and the slot: the real decision over every item of the website for this visitor.
  const perDay = content.website.interruptionsPerDay;
  const chosen = decide(content.items, facts, visit, perDay).items;
  const eligible = steps.every((s) => s.ok);
  const capDetails = { today, perDay };
  if (!isInterruptive(item)) step('dailyCap', true, 'explain.dailyCapNotCounted', capDetails);
  else if (seenToday(item, history, dayStart)) step('dailyCap', true, 'explain.dailyCapOk', capDetails, capDetails);
  else if (today >= perDay) step('dailyCap', false, 'explain.dailyCapReached', capDetails, capDetails);
  else if (eligible && !chosen.includes(item)) step('dailyCap', false, 'explain.dailyCapTaken', capDetails, { count: perDay - today });
  else step('dailyCap', true, 'explain.dailyCapOk', capDetails, capDetails);

  if (!isInterruptive(item)) step('slot', true, 'explain.slotNotInterruptive');
  else {
    // The page owns the slot: it goes through the answer in order and shows each interruptive item
    // that fits beside what it already shows (a popup waits for any popup or push; a push waits for
    // another push, and for a popup unless the website lets pushes show beside one). On a page
    // with nothing open, the items shown before this one are those that keep it waiting.
    const besidePopup = content.website.pushesBesidePopup;
    const blocks = (shown: CachedItem, it: CachedItem) => it.kind === 'popup' || shown.kind === 'push' || !besidePopup;
    const onScreen: CachedItem[] = [];
    let before: CachedItem[] = [];
    for (const it of chosen) {
      // A tour that does not start on this page does not take the slot there.
      if (!isInterruptive(it) || !tourStartsOn(it, visit.url)) continue;
      const blockers = onScreen.filter((shown) => blocks(shown, it));
      if (it === item) before = blockers;
      else if (blockers.length === 0) onScreen.push(it);
    }
    if (before.length > 0) {
      const titled = await Promise.all(before.map(async (other) => ({ id: other.id, kind: other.kind, title: await store.title(other.id) })));
      step('slot', false, 'explain.slotQueued', { before: titled }, { names: titled.map((o) => o.title).join('”, “') });
    } else step('slot', true, 'explain.slotFree');
  }
  return done();
}

/** Where a tour starts by itself: its `insertable_url`, else its first step's page (empty: any page). */
function tourStartRule(it: CachedItem): string {
  return it.item.kind === 'tour' ? it.item.tour.insertable_url || it.item.tour.steps[0]?.url || '' : '';
}
const tourStartsOn = (it: CachedItem, url: URL) => it.item.kind !== 'tour' || tourStartRule(it) === '' || pageRuleMatches(tourStartRule(it), url);

/** Which targeting failed, and the values of the attributes the item's audiences read. */
async function audienceStep(
  store: ReturnType<typeof explainStore>,
  document: Record<string, unknown>,
  item: CachedItem,
  facts: VisitorFacts,
  member: ExplainMemberRow | null,
  content: WebsiteContent,
  lang: Lang,
  step: (check: ExplainCheck, ok: boolean, code: MessageCode, details?: Details, params?: MessageParams) => void,
) {
  if (item.audience.everyone) return step('audience', true, 'explain.audienceEveryone');
  if (!facts.memberId || !member) return step('audience', false, 'explain.audienceAnonymous', { person: null });
  const targets = await store.targets(item.id);
  const groupName = new Map(targets.groups.map((g) => [g.id, g.name]));
  const segmentName = new Map(targets.segments.map((s) => [s.id, s.name]));
  const requirements = item.audience.requirements.map((anyOf) => ({
    met: anyOf.some((a) => meets(a, facts)),
    anyOf: anyOf.map((a) =>
      'group' in a
        ? { type: 'group', id: a.group, name: groupName.get(a.group) ?? null, met: meets(a, facts) }
        : a.segment
          ? { type: 'audience', id: a.segment, name: segmentName.get(a.segment) ?? null, met: meets(a, facts) }
          : { type: 'conditions', met: meets(a, facts) },
    ),
  }));
  const trees = [...targets.segments.map((s) => s.audience), ...(isTree(document.dynamicAudience) ? [document.dynamicAudience] : [])];
  const values: Record<string, unknown> = {};
  for (const name of trees.flatMap(attributesOf)) values[name] = valueOf(member, name);
  // Each condition of the dynamic audience, compiled and evaluated alone by the same compiler as the
  // whole tree, so the sentence says which one the person fails and with what value.
  const dynamic = requirements.some((r) => r.anyOf.some((a) => a.type === 'conditions'));
  const leaves = dynamic && isTree(document.dynamicAudience) ? conditionsOf(document.dynamicAudience) : [];
  const leafMatched = leaves.length
    ? new Set(
        (
          await store.memberFacts(
            member.id,
            leaves.map((c) => compileStoredAudience({ operator: 'and', predicates: [c] }, content.attributeTypes)),
          )
        ).matched,
      )
    : new Set<number>();
  const conditions = leaves.map((c, i) => ({
    met: leafMatched.has(i),
    sentence: conditionSentence(c, valueOf(member, c.attribute), leafMatched.has(i), lang),
  }));
  const details = {
    person: member.memberId,
    requirements,
    ...(conditions.length ? { conditions: conditions.map((c) => c.sentence) } : {}),
    values,
  };
  const ok = audienceOk(item, facts);
  if (ok) {
    const inPeople = !requirements.every((r) => r.met);
    return step('audience', true, inPeople ? 'explain.audiencePeople' : 'explain.audienceMatched', details);
  }
  const failed = requirements.find((r) => !r.met);
  const first = failed?.anyOf[0];
  const names = (failed?.anyOf ?? []).map((a) => ('name' in a ? a.name : null) ?? '').join(', ');
  const code =
    !first || first.type === 'conditions'
      ? 'explain.audienceFailedConditions'
      : first.type === 'group'
        ? 'explain.audienceFailedGroups'
        : 'explain.audienceFailedAudiences';
  const reason = conditions
    .filter((c) => !c.met)
    .map((c) => c.sentence)
    .join('; ');
  step('audience', false, code, details, { names, reason: reason || translateMessage('explain.noValue', lang) });
}

/** The conditions of a tree, depth first. */
function conditionsOf(tree: AudienceGroup): AudienceCondition[] {
  return tree.predicates.flatMap((p) => (isAudienceGroup(p) ? conditionsOf(p) : [p]));
}

const quoted = (v: unknown) => (typeof v === 'string' ? `“${v}”` : String(v));

/** One condition in words: "plan is “pro”: no, the person’s plan is “starter”". */
function conditionSentence(c: AudienceCondition, actual: unknown, met: boolean, lang: Lang): string {
  const none = translateMessage('explain.noValue', lang);
  return translateMessage(met ? 'explain.conditionMet' : 'explain.conditionNotMet', lang, {
    attribute: c.attribute,
    comparison: translateMessage(`explain.comparisons.${c.comparison}`, lang),
    // With its space: a valueless comparison ("is set") has none.
    expected: c.selectedValue === null || c.selectedValue === '' ? '' : ` ${quoted(c.selectedValue)}`,
    actual: actual === null || actual === undefined || actual === '' ? none : quoted(actual),
  });
}

const isTree = (v: unknown): v is AudienceGroup => !!v && typeof v === 'object' && Array.isArray((v as AudienceGroup).predicates);

/** The attribute names a tree's conditions read, in order, once each. */
function attributesOf(tree: AudienceGroup): string[] {
  const out = new Set<string>();
  const walk = (g: AudienceGroup) => {
    for (const p of g.predicates) {
      if (isAudienceGroup(p)) walk(p);
      else out.add(p.attribute);
    }
  };
  walk(tree);
  return [...out];
}

function valueOf(member: ExplainMemberRow, name: string): unknown {
  if (name in BUILT_IN_AUDIENCE_FIELDS) {
    const v = member[name as keyof typeof BUILT_IN_AUDIENCE_FIELDS];
    return v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return member.attributes[name] ?? null;
}
