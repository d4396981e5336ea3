import { pageRuleMatches } from 'contracts';
import type { Alternative, CachedItem } from './content-cache';

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

const INTERRUPTIVE = new Set(['popup', 'push']);

export const startOfUtcDay = (now: number) => now - (now % 86_400_000);

/**
 * The content call's decision for one visitor on one page (issue 12), from the cached items (already
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
  const dayStart = startOfUtcDay(visit.now);
  // The page's word over the events still on their way: what it shows or showed was seen now.
  const history = new Map(facts.history);
  for (const it of items) {
    if (!INTERRUPTIVE.has(it.kind) || !(visit.open.has(it.id) || visit.seen.has(it.id))) continue;
    const h = history.get(it.id);
    history.set(it.id, { kind: it.kind, lastClose: h?.lastClose ?? null, lastView: Math.max(h?.lastView ?? 0, visit.now) });
  }
  let today = 0;
  for (const h of history.values()) if (INTERRUPTIVE.has(h.kind) && h.lastView !== null && h.lastView >= dayStart) today += 1;
  const seenToday = (it: CachedItem) => {
    const v = history.get(it.id)?.lastView;
    return v !== undefined && v !== null && v >= dayStart;
  };

  const eligible = items.filter((it) => {
    if (it.device !== 'all' && it.device !== visit.device) return false;
    if (it.endsAt !== null && it.endsAt <= visit.now) return false;
    // An item on screen stays whatever the page: it leaves when the visitor or its own time ends it.
    const onScreen = visit.open.has(it.id);
    if (it.kind === 'popup' && !onScreen && !pageRuleMatches(it.href, visit.url)) return false;
    if (!it.audience.everyone) {
      if (!facts.memberId) return false;
      const meets = (a: Alternative) => ('group' in a ? facts.groups.has(a.group) : facts.matched.has(a.condition));
      const inAudience = it.audience.requirements.every((anyOf) => anyOf.some(meets));
      if (!inAudience && !it.audience.people.has(facts.memberId)) return false;
    }
    if (onScreen) return true;
    const h = history.get(it.id);
    if (!h) return true;
    if (it.kind === 'banner') return h.lastClose === null;
    if (it.kind === 'push') return h.lastView === null;
    if (h.lastView === null && h.lastClose === null) return true;
    if (it.showAgain === 'always') return true;
    if (it.showAgain === 'daily') return Math.max(h.lastView ?? 0, h.lastClose ?? 0) < dayStart;
    return false;
  });

  let slots = Math.max(0, perDay - today);
  const chosen: CachedItem[] = [];
  for (const it of eligible) {
    if (INTERRUPTIVE.has(it.kind) && !seenToday(it)) {
      if (slots === 0) continue;
      slots -= 1;
    }
    chosen.push(it);
  }
  return { items: chosen, today };
}
