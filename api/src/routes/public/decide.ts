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
}

const INTERRUPTIVE = new Set(['popup', 'push']);

export const startOfUtcDay = (now: number) => now - (now % 86_400_000);

/** A popup's page rule: empty = every page; `/path` a prefix of the pathname; an absolute URL a prefix of the address. */
export function pageMatches(href: string, url: URL): boolean {
  if (!href) return true;
  if (/^https?:\/\//i.test(href)) return url.href.toLowerCase().startsWith(href.toLowerCase());
  const path = href.startsWith('/') ? href : `/${href}`;
  return url.pathname.startsWith(path);
}

/**
 * The content call's decision for one visitor on one page (issue 12), from the cached items (already
 * ordered: priority, then newest) and the visitor's facts:
 *  - status public (the cache holds nothing else), the popup's run not over, the visitor's device,
 *    the popup's page rule (push notifications and banners show on every page);
 *  - targeting: everyone, or the identified member matching the item's condition (an anonymous
 *    visitor gets only content for everyone); popups also their listed people;
 *  - replay: a closed banner stays closed; a push notification shows once; a closed popup comes back
 *    only as its `showAgain` says (never, the next UTC day, always);
 *  - fatigue, one rule across channels: at most one popup; interruptive items (popups, push) a visitor
 *    is shown a UTC day are capped at `perDay`, counted from their views today. An item already viewed
 *    today (a popup still open when an SPA changes page) is shown again without counting twice.
 */
export function decide(items: readonly CachedItem[], facts: VisitorFacts, visit: Visit, perDay: number): { items: CachedItem[]; today: number } {
  const dayStart = startOfUtcDay(visit.now);
  let today = 0;
  for (const h of facts.history.values()) if (INTERRUPTIVE.has(h.kind) && h.lastView !== null && h.lastView >= dayStart) today += 1;

  const eligible = items.filter((it) => {
    if (it.device !== 'all' && it.device !== visit.device) return false;
    if (it.endsAt !== null && it.endsAt <= visit.now) return false;
    if (it.kind === 'popup' && !pageMatches(it.href, visit.url)) return false;
    if (!it.audience.everyone) {
      if (!facts.memberId) return false;
      const meets = (a: Alternative) => ('group' in a ? facts.groups.has(a.group) : facts.matched.has(a.condition));
      const inAudience = it.audience.requirements.every((anyOf) => anyOf.some(meets));
      if (!inAudience && !it.audience.people.has(facts.memberId)) return false;
    }
    const h = facts.history.get(it.id);
    if (!h) return true;
    if (it.kind === 'banner') return h.lastClose === null;
    if (it.kind === 'push') return h.lastView === null;
    // A popup closed since its last view comes back only as its rule says.
    const closed = h.lastClose !== null && (h.lastView === null || h.lastClose >= h.lastView);
    if (!closed) return true;
    if (it.showAgain === 'always') return true;
    if (it.showAgain === 'daily') return h.lastClose! < dayStart;
    return false;
  });

  const viewedToday = (it: CachedItem) => {
    const v = facts.history.get(it.id)?.lastView;
    return v !== undefined && v !== null && v >= dayStart;
  };
  const open = (it: CachedItem) => {
    const h = facts.history.get(it.id);
    return !!h && viewedToday(it) && (h.lastClose === null || h.lastClose < h.lastView!);
  };
  // The one popup: one still open on this visitor's screen wins over a new one (an SPA page change must not swap it).
  const popup = eligible.find((it) => it.kind === 'popup' && open(it)) ?? null;
  let slots = Math.max(0, perDay - today);
  const chosen: CachedItem[] = [];
  let popupChosen = false;
  for (const it of eligible) {
    if (it.kind === 'banner') {
      chosen.push(it);
      continue;
    }
    if (it.kind === 'popup') {
      if (popupChosen || (popup && popup !== it)) continue;
    }
    if (!viewedToday(it)) {
      if (slots === 0) continue;
      slots -= 1;
    }
    if (it.kind === 'popup') popupChosen = true;
    chosen.push(it);
  }
  return { items: chosen, today };
}
