import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONTENT_KIND_DESCRIPTORS,
  scriptItemSchema,
  type AudienceGroup,
  type CampaignPriority,
  type PopupShowAgain,
  type ScriptItem,
  type BubbleConfig,
  defaultBubbleConfig,
} from 'contracts';
import type { Clock } from '../context';
import type { Database } from '../db/client';
import type { ContentKind } from '../db/schema';
import { visitorFactsStatement, websiteScriptStore, type ScriptWebsiteRow, type VisitorFactsRow } from '../stores/website-script';
import { compileStoredAudience, type AttributeTypes } from '../stores/audience-compiler';
import { messengerStore } from '../stores/messenger';
import { KIND_RULES } from '../services/campaign-kinds';
import type { Alternative, Audience, KindDelivery, ReplayRule, Targeting } from './served-item';

/** The channel the database triggers of migration 0010 notify, with the website id as payload. */
export const SCRIPT_CONTENT_CHANNEL = 'signpost_script_content';

export type ScriptWebsite = ScriptWebsiteRow;

export type { Alternative, Audience };

/** One public item as the content call needs it: what decides whether it shows, and what renders. */
export interface CachedItem {
  id: string;
  kind: ContentKind;
  /** 2 high, 1 normal, 0 low. */
  rank: number;
  createdAt: number;
  device: 'all' | 'web' | 'mobile';
  /** The page rule (a popup's), null for none: every page. */
  href: string | null;
  /** Popups: end of the run (ms), null = no end. */
  endsAt: number | null;
  /** When an item already met is served again (its kind's rule); `showAgain` is the item's own, for `showAgain`. */
  replay: ReplayRule;
  showAgain: PopupShowAgain;
  audience: Audience;
  item: ScriptItem;
  /** `item` as the answer carries it (encoded by its contract schema once, when cached). */
  json: string;
}

export interface WebsiteContent {
  website: ScriptWebsite;
  items: CachedItem[];
  /**
   * The distinct audience rules (saved and dynamic) compiled to conditions over `client_members`,
   * evaluated for a visitor in one query; items point here by index. Group membership is read as the
   * member's group ids in the same query.
   */
  conditions: SQL[];
  /** The types of the website's attributes the conditions were compiled with ("why not shown?" compiles single conditions alike). */
  attributeTypes: AttributeTypes;
  /** The visitor's facts over `conditions`: one prepared statement per call (stores/website-script.ts). */
  visitorFacts(visitorId: string): Promise<VisitorFactsRow>;
  /** When a scheduled item starts or ends (ms): the content is loaded again from then. Null: never. */
  expiresAt: number | null;
  /** The website's messenger (bubble config; the defaults when never saved), and as the answer carries it. */
  messenger: BubbleConfig;
  messengerJson: string;
}

/**
 * Whether a published item is served at `now`: a public item always, a scheduled one within its
 * window. The next moment this changes for the item (ms) is reported through `boundary`.
 */
export function servedAt(item: { status: string; startsAt: Date | null; endsAt: Date | null }, now: number, boundary: (at: number) => void): boolean {
  if (item.status === 'public') return true;
  if (item.status !== 'scheduled') return false;
  const start = item.startsAt?.getTime() ?? -Infinity;
  const end = item.endsAt?.getTime() ?? Infinity;
  if (now < start) {
    boundary(start);
    return false;
  }
  if (now >= end) return false;
  if (end !== Infinity) boundary(end);
  return true;
}

const RANK: Record<CampaignPriority, number> = { low: 0, normal: 1, high: 2 };

/**
 * What the content call knows without the visitor: each website's public content with its
 * targeting compiled to SQL, kept in the process and dropped when the database says it changed.
 *
 * Invalidation goes through PostgreSQL itself, so it holds when several API processes serve one
 * database: triggers on contents, their targets, saved audiences, attributes and websites
 * `pg_notify` the website's id on SIGNPOST_CONTENT_CHANNEL; every process LISTENs and forgets that
 * website. A load racing with a change is not kept (a generation counter per website), and a lost
 * listening connection drops everything.
 */
export class ScriptContentCache {
  private readonly byKey = new Map<string, Promise<WebsiteContent | null>>();
  private readonly keyOfWebsite = new Map<string, string>();
  private generation = 0;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly clock: Clock,
  ) {}

  async start() {
    this.stopListening = await this.database.listen(
      SCRIPT_CONTENT_CHANNEL,
      (websiteId) => this.invalidate(websiteId),
      () => this.clear(),
    );
  }

  async stop() {
    const stop = this.stopListening;
    this.stopListening = null;
    if (stop) await stop().catch(() => {});
  }

  /** Forgets one website (its id), or everything. */
  invalidate(websiteId: string) {
    this.generation += 1;
    const key = this.keyOfWebsite.get(websiteId);
    if (key === undefined) return;
    this.keyOfWebsite.delete(websiteId);
    this.byKey.delete(key);
  }

  clear() {
    this.generation += 1;
    this.byKey.clear();
    this.keyOfWebsite.clear();
  }

  /** The website of a public key with its public content, or null for an unknown key (not kept). */
  get(publicKey: string): Promise<WebsiteContent | null> {
    const cached = this.byKey.get(publicKey);
    if (cached) return this.unlessExpired(publicKey, cached);
    const generation = this.generation;
    const loading = this.load(publicKey).then(
      (content) => {
        // Unknown keys are not kept (a flood of made-up keys must not fill memory), nor a load that
        // a change overtook: the next call loads again.
        if (!content || this.generation !== generation) {
          if (this.byKey.get(publicKey) === loading) this.byKey.delete(publicKey);
        } else {
          this.keyOfWebsite.set(content.website.id, publicKey);
        }
        return content;
      },
      (err: unknown) => {
        if (this.byKey.get(publicKey) === loading) this.byKey.delete(publicKey);
        throw err;
      },
    );
    this.byKey.set(publicKey, loading);
    return loading;
  }

  /** A kept content past a schedule's start or end is loaded again (the change was time, not a write). */
  private async unlessExpired(publicKey: string, cached: Promise<WebsiteContent | null>): Promise<WebsiteContent | null> {
    const content = await cached;
    if (!content || content.expiresAt === null || content.expiresAt > this.clock.now()) return content;
    if (this.byKey.get(publicKey) === cached) this.byKey.delete(publicKey);
    return this.get(publicKey);
  }

  private async load(publicKey: string): Promise<WebsiteContent | null> {
    const website = await websiteScriptStore(this.database.db).websiteOfKey(publicKey);
    return website ? this.loadWebsite(website) : null;
  }

  /**
   * A website's content loaded now, not kept: for a console user asking why an item is (not) shown,
   * who must see the decision on what is stored this instant, by the same code the content call uses.
   */
  async fresh(websiteId: string): Promise<WebsiteContent | null> {
    const website = await websiteScriptStore(this.database.db).websiteOfId(websiteId);
    return website ? this.loadWebsite(website) : null;
  }

  private async loadWebsite(website: ScriptWebsiteRow): Promise<WebsiteContent> {
    const store = websiteScriptStore(this.database.db);
    const { rows, groupRows, segmentRows, attributeTypes } = await store.publicContent(website.id);
    const groupsOf = new Map<string, string[]>();
    for (const r of groupRows) groupsOf.set(r.contentId, [...(groupsOf.get(r.contentId) ?? []), r.groupId]);
    const segmentsOf = new Map<string, { id: string; audience: AudienceGroup }[]>();
    for (const r of segmentRows) segmentsOf.set(r.contentId, [...(segmentsOf.get(r.contentId) ?? []), { id: r.segmentId, audience: r.audience }]);

    // Items sharing a rule (a saved audience, the same dynamic tree) share one compiled condition.
    const conditions: SQL[] = [];
    const indexOf = new Map<string, number>();
    const condition = (key: string, tree: AudienceGroup): { condition: number } => {
      let index = indexOf.get(key);
      if (index === undefined) {
        index = conditions.push(compileStoredAudience(tree, attributeTypes)) - 1;
        indexOf.set(key, index);
      }
      return { condition: index };
    };
    const compile: Rules = {
      groups: (ids) => ids.map((group) => ({ group })),
      // The saved audience's id rides along for "why not shown?"; the decision reads only the index.
      segments: (list) => list.map((segment) => ({ ...condition(`segment:${segment.id}`, segment.audience), segment: segment.id })),
      dynamic: (tree) => condition(`dynamic:${JSON.stringify(tree)}`, tree),
    };
    const items: CachedItem[] = [];
    // Only what is published and within its schedule now; the next start or end expires the load.
    const now = this.clock.now();
    let expiresAt: number | null = null;
    const boundary = (at: number) => void (expiresAt = expiresAt === null ? at : Math.min(expiresAt, at));
    for (const { c, senderName } of rows) {
      const rules = KIND_RULES[c.kind];
      const descriptor = CONTENT_KIND_DESCRIPTORS[c.kind];
      // A kind with no delivery goes elsewhere than pages (e-mails, to mailboxes): nothing to show.
      if (!rules.delivery || !descriptor.script) continue;
      if (!servedAt(c, now, boundary)) continue;
      const scheduleEnd = c.endsAt?.getTime() ?? null;
      try {
        const groupIds = groupsOf.get(c.id) ?? [];
        const trees = segmentsOf.get(c.id) ?? [];
        const targeting: Targeting = {
          target: (target, dynamicAudience, people) => targetAudience(target, groupIds, trees, dynamicAudience, compile, people),
          eachNamed: () => {
            const requirements = [compile.groups(groupIds), compile.segments(trees)].filter((r) => r.length > 0);
            return requirements.length === 0 ? { everyone: true } : { everyone: false, requirements, people: new Set() };
          },
          publishedAt: (c.publishedAt ?? c.createdAt).getTime(),
          scheduleEnd,
        };
        // The kind's rules read its stored document (validated by its schema when it was saved).
        const served = (rules.delivery as KindDelivery<unknown>).serve(c.document, targeting);
        const priority = (c.priority ?? 'normal') as CampaignPriority;
        const item = {
          kind: c.kind,
          id: c.id,
          priority,
          // The author's name goes to visitors only where the item shows it (`showSender`).
          sender: served.showsSender ? (senderName ?? null) : null,
          interrupts: descriptor.interrupts,
          modal: descriptor.modal,
          [c.kind]: descriptor.script.parse(c.document),
        } as ScriptItem;
        items.push({
          json: '',
          id: c.id,
          kind: c.kind,
          rank: RANK[priority] ?? 1,
          createdAt: c.createdAt.getTime(),
          device: served.device,
          href: served.href ?? null,
          endsAt: served.endsAt === undefined ? scheduleEnd : served.endsAt,
          replay: rules.delivery.replay,
          showAgain: served.showAgain ?? 'never',
          audience: served.audience,
          item,
        });
      } catch (err) {
        // One item the renderer could not read must not take the website's other content down.
        this.log.warn({ err, contentId: c.id }, 'website script: a public item could not be prepared, skipped');
      }
    }
    const ready = items.filter((it) => {
      try {
        it.json = JSON.stringify(z.encode(scriptItemSchema, it.item));
        return true;
      } catch (err) {
        this.log.warn({ err, contentId: it.id }, 'website script: a public item could not be prepared, skipped');
        return false;
      }
    });
    // Priority first (high, normal, low), then the newest.
    ready.sort((a, b) => b.rank - a.rank || b.createdAt - a.createdAt);
    // The messenger's config rides with the content (its table's trigger drops this load too).
    const messenger = (await messengerStore(this.database.db, website.id).bubble()) ?? defaultBubbleConfig();
    return {
      website,
      items: ready,
      conditions,
      attributeTypes,
      visitorFacts: visitorFactsStatement(this.database, website.id, conditions),
      expiresAt,
      messenger,
      messengerJson: JSON.stringify(messenger),
    };
  }
}

interface Rules {
  groups(ids: string[]): Alternative[];
  segments(list: { id: string; audience: AudienceGroup }[]): Alternative[];
  dynamic(tree: AudienceGroup): { condition: number };
}

/** A document's `target`: everybody, any of its groups, any of its saved audiences, or its dynamic audience. */
function targetAudience(
  target: string,
  groupIds: string[],
  trees: { id: string; audience: AudienceGroup }[],
  dynamicAudience: AudienceGroup | undefined,
  rules: Rules,
  people: readonly string[],
): Audience {
  if (target === 'all' || !target) return { everyone: true };
  // A target whose groups or audiences were all deleted matches nobody (an empty "any of").
  const anyOf =
    target === 'groups' ? rules.groups(groupIds) : target === 'audiences' ? rules.segments(trees) : dynamicAudience ? [rules.dynamic(dynamicAudience)] : [];
  return { everyone: false, requirements: [anyOf], people: new Set(people) };
}
