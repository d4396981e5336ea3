import { CONTENT_KIND_LIST, pageRuleMatches } from 'contracts';
import type { CachedItem } from './content-cache';
import type { Alternative } from './served-item';

/** What the database says of one visitor: their client member and what they did with content. */
export interface VisitorFacts {
  /** The client member `identify` linked the visitor to; null while anonymous. */
  memberId: string | null;
  /** Whether that link was proven by identity verification (a valid userHash). */
  identityVerified: boolean;
  /** Indexes of the website's targeting conditions the member matches. */
  matched: ReadonlySet<number>;
  /** The groups the member is in. */
  groups: ReadonlySet<string>;
  /** Per content id: the last view and the last close (ms), and the content's kind. */
  history: ReadonlyMap<string, { kind: string; lastView: number | null; lastClose: number | null }>;
}

export interface Visit {
  url: URL;
  device: 'web' | 'mobile';
  now: number;
  /** Interruptive items on the visitor's screen now, as the page says: the page owns what is open. */
  open: ReadonlySet<string>;
  /** Interruptive items the page has shown, whose view may still be on its way. */
  seen: ReadonlySet<string>;
}

/** The kinds that take the page's one interruptive slot and count toward the daily cap: their descriptors say so. */
const INTERRUPTIVE: ReadonlySet<string> = new Set(CONTENT_KIND_LIST.filter((k) => k.interrupts).map((k) => k.kind));

export const startOfUtcDay = (now: number) => now - (now % 86_400_000);

/**
 * The content call's decision for one visitor on one page, from the cached items (already
 * ordered: priority, then newest) and the visitor's facts:
 *  - status public (the cache holds nothing else), the popup's run not over, the visitor's device,
 *    the popup's page rule (contracts' page-rule.ts; push notifications and banners show on every page);
 *  - targeting: everyone, or the identified member matching the item's condition (an anonymous
 *    visitor gets only content for everyone); popups also their listed people;
 *  - replay, where a view counts as seen (a popup that closed by itself was seen): a closed banner
 *    stays closed; a push notification shows once; a popup seen once comes back only as its
 *    `showAgain` says (never, the next UTC day, always). What the page says is open stays in;
 *  - fatigue, one rule across channels: interruptive items (popups, push) a visitor is shown a UTC day
 *    are capped at `perDay`, counted from the ones they saw (views, and what the page says it showed).
 *    Several may be returned: the page shows them one at a time, each only once the slot is free, so
 *    an item returned but never shown is never counted. An item seen today is returned again without
 *    counting twice.
 */
export function decide(items: readonly CachedItem[], facts: VisitorFacts, visit: Visit, perDay: number): { items: CachedItem[]; today: number } {
  const { history, today, dayStart } = visitHistory(items, facts, visit);
  const eligible = items.filter((it) => failingCheck(it, facts, visit, history, dayStart) === null);
  return { items: allot(eligible, history, dayStart, perDay, today), today };
}

export type History = ReadonlyMap<string, { kind: string; lastView: number | null; lastClose: number | null }>;

export const isInterruptive = (it: { kind: string }) => INTERRUPTIVE.has(it.kind);

/**
 * The visitor's history with the page's word over the events still on their way (what it shows or
 * showed was seen now), and how many interruptive items they saw today (UTC).
 */
export function visitHistory(items: readonly CachedItem[], facts: VisitorFacts, visit: Visit): { history: History; today: number; dayStart: number } {
  const dayStart = startOfUtcDay(visit.now);
  const history = new Map(facts.history);
  for (const it of items) {
    if (!INTERRUPTIVE.has(it.kind) || !(visit.open.has(it.id) || visit.seen.has(it.id))) continue;
    const h = history.get(it.id);
    history.set(it.id, { kind: it.kind, lastClose: h?.lastClose ?? null, lastView: Math.max(h?.lastView ?? 0, visit.now) });
  }
  let today = 0;
  for (const h of history.values()) if (INTERRUPTIVE.has(h.kind) && h.lastView !== null && h.lastView >= dayStart) today += 1;
  return { history, today, dayStart };
}

export const seenToday = (it: CachedItem, history: History, dayStart: number) => {
  const v = history.get(it.id)?.lastView;
  return v !== undefined && v !== null && v >= dayStart;
};

/** The checks of one item for one visitor, in the order the decision makes them; each one a predicate of its own. */
export type ItemCheck = 'device' | 'schedule' | 'pageRule' | 'audience' | 'replay';

export const deviceOk = (it: CachedItem, visit: Visit) => it.device === 'all' || it.device === visit.device;
/** The popup's run (or the schedule's end) not over. */
export const runOk = (it: CachedItem, visit: Visit) => it.endsAt === null || it.endsAt > visit.now;
/** An item on screen stays whatever the page: it leaves when the visitor or its own time ends it. */
export const pageRuleOk = (it: CachedItem, visit: Visit) => it.href === null || visit.open.has(it.id) || pageRuleMatches(it.href, visit.url);
export const meets = (a: Alternative, facts: VisitorFacts) => ('group' in a ? facts.groups.has(a.group) : facts.matched.has(a.condition));
export function audienceOk(it: CachedItem, facts: VisitorFacts): boolean {
  if (it.audience.everyone) return true;
  if (!facts.memberId) return false;
  const inAudience = it.audience.requirements.every((anyOf) => anyOf.some((a) => meets(a, facts)));
  return inAudience || it.audience.people.has(facts.memberId);
}
export function replayOk(it: CachedItem, visit: Visit, history: History, dayStart: number): boolean {
  if (visit.open.has(it.id)) return true;
  const h = history.get(it.id);
  // Each kind's rule (its server rules' `delivery.replay`); the switch is exhaustive, so a new rule
  // does not compile until it is decided here.
  switch (it.replay) {
    case 'always':
      return true;
    case 'untilClosed':
      return !h || h.lastClose === null;
    case 'once':
      return !h || h.lastView === null;
    case 'showAgain':
      if (!h || (h.lastView === null && h.lastClose === null)) return true;
      if (it.showAgain === 'always') return true;
      if (it.showAgain === 'daily') return Math.max(h.lastView ?? 0, h.lastClose ?? 0) < dayStart;
      return false;
    default:
      return unreachable(it.replay);
  }
}
const unreachable = (rule: never): never => {
  throw new Error(`no replay rule ${String(rule)}`);
};

/** The first check that keeps the item from this visitor on this page, or null when it is eligible. */
export function failingCheck(it: CachedItem, facts: VisitorFacts, visit: Visit, history: History, dayStart: number): ItemCheck | null {
  if (!deviceOk(it, visit)) return 'device';
  if (!runOk(it, visit)) return 'schedule';
  if (!pageRuleOk(it, visit)) return 'pageRule';
  if (!audienceOk(it, facts)) return 'audience';
  if (!replayOk(it, visit, history, dayStart)) return 'replay';
  return null;
}

/**
 * The daily cap over the eligible items, in their order: each interruptive item not seen today takes
 * one of the interruptions left; one seen today is returned again without counting twice.
 */
export function allot(eligible: readonly CachedItem[], history: History, dayStart: number, perDay: number, today: number): CachedItem[] {
  let slots = Math.max(0, perDay - today);
  const chosen: CachedItem[] = [];
  for (const it of eligible) {
    if (INTERRUPTIVE.has(it.kind) && !seenToday(it, history, dayStart)) {
      if (slots === 0) continue;
      slots -= 1;
    }
    chosen.push(it);
  }
  return chosen;
}
