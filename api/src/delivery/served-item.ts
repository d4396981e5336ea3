import type { AudienceGroup, PopupShowAgain } from 'contracts';

/*
 * How one kind of content reaches a visitor's page: the part of a kind's server rules
 * (services/campaign-kinds.ts, `delivery`) that the content cache and the decision read, so that
 * neither branches on the kind.
 */

/** One way to be in an item's audience: a member of a group, or matching a compiled condition (by index). */
export type Alternative = { group: string } | { condition: number; segment?: string };
/**
 * Who an item is for, decided per visitor: everybody; or, for identified visitors, every requirement
 * met (each one: any of its alternatives), or being one of the listed people (client member ids).
 */
export type Audience = { everyone: true } | { everyone: false; requirements: Alternative[][]; people: ReadonlySet<string> };

/**
 * When an item the visitor has already met is served again:
 *  - `always`: whatever was seen before (tours and checklists: the page decides from the visitor's
 *    progress whether it starts, resumes or is over);
 *  - `untilClosed`: until the visitor closes it (banners);
 *  - `once`: until it was viewed once (push notifications);
 *  - `showAgain`: as the item's own `showAgain` says (popups: never, the next UTC day, always).
 */
export type ReplayRule = 'always' | 'untilClosed' | 'once' | 'showAgain';

/** What the content cache gives a kind to build its audience from (the item's groups and saved audiences, compiled). */
export interface Targeting {
  /** The `target` of a document: everybody, any of its groups, any of its saved audiences, or its dynamic audience; or one of `people`. */
  target(target: string, dynamicAudience: AudienceGroup | undefined, people: readonly string[]): Audience;
  /** Each group and saved audience the item names, all required (none named: everybody). */
  eachNamed(): Audience;
  /** When the item went live (ms): a run counts its days from there. */
  publishedAt: number;
  /** The end of its schedule (ms), null for none. */
  scheduleEnd: number | null;
}

/** What decides whether a published item is served to a visitor, as its kind reads it from the document. */
export interface Served {
  device: 'all' | 'web' | 'mobile';
  audience: Audience;
  /** The page rule (a popup's `href`); absent: every page. */
  href?: string;
  /** The end of its run (ms); absent: its schedule's end. */
  endsAt?: number | null;
  showAgain?: PopupShowAgain;
  /** Whether the page shows the author's name (`showSender`). */
  showsSender: boolean;
}

/** A kind's delivery: its replay rule and how its document is served (what the page renders is its descriptor's `script`). */
export interface KindDelivery<D> {
  replay: ReplayRule;
  serve(doc: D, targeting: Targeting): Served;
}
