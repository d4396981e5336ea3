import type { FastifyRequest } from 'fastify';
import type { MessageCode } from 'contracts';
import { ORIGIN_REFUSED_MESSAGE, SCRIPT_RATE_LIMITED_MESSAGE, UNKNOWN_WEBSITE_KEY_MESSAGE } from 'contracts';
import { VisitorTokens } from '../services/visitor-tokens';
import type { AppContext } from '../context';
import { forbidden, notFound, tooManyRequests } from '../lib/errors';
import { websiteScriptStore } from '../stores/website-script';
import { ScriptContentCache, type WebsiteContent } from './content-cache';
import { originMatchesDomain } from './origin';
import {
  PublicRateLimiter,
  contentPerMinute,
  eventsPerMinute,
  visitorMessagesPerMinute,
  websiteContentPerMinute,
  websiteEventsPerMinute,
} from './rate-limiter';

/*
 * A module of its own, not script.ts: the routes (content, identify, events) take the services, and
 * script.ts registers those routes; with the class in script.ts each imported the other.
 */

/** A heartbeat is written at most once a minute per website and page origin (per process). */
const HEARTBEAT_EVERY_MS = 60_000;

/** What the website script's routes share in one API process. */
export class ScriptServices {
  readonly cache: ScriptContentCache;
  /** Per website and address. */
  readonly contentLimiter: PublicRateLimiter;
  readonly eventLimiter: PublicRateLimiter;
  /** Per website, whatever the address. */
  readonly websiteContentLimiter: PublicRateLimiter;
  readonly websiteEventLimiter: PublicRateLimiter;
  /** Comments and form answers per visitor. */
  readonly visitorMessageLimiter: PublicRateLimiter;
  readonly tokens: VisitorTokens;
  private readonly heartbeats = new Map<string, number>();

  constructor(private readonly ctx: AppContext) {
    const onError = (err: unknown) => ctx.log.warn({ err }, 'public rate limit: counting in the database failed');
    this.cache = new ScriptContentCache(ctx.database, ctx.log, ctx.clock);
    this.contentLimiter = new PublicRateLimiter(ctx.db, contentPerMinute(), onError);
    this.eventLimiter = new PublicRateLimiter(ctx.db, eventsPerMinute(), onError);
    this.websiteContentLimiter = new PublicRateLimiter(ctx.db, websiteContentPerMinute(), onError);
    this.websiteEventLimiter = new PublicRateLimiter(ctx.db, websiteEventsPerMinute(), onError);
    this.visitorMessageLimiter = new PublicRateLimiter(ctx.db, visitorMessagesPerMinute(), onError);
    this.tokens = new VisitorTokens(ctx.config.authSecret);
  }

  private get limiters() {
    return [this.contentLimiter, this.eventLimiter, this.websiteContentLimiter, this.websiteEventLimiter, this.visitorMessageLimiter];
  }

  /**
   * The website named by the key of a script call, with its public content: 404 for an unknown key;
   * 403 when the page's `Origin` is not the website's domain (a request without `Origin` is not a
   * browser page and passes, as the demo traffic and server-side senders do).
   */
  async website(request: FastifyRequest, websiteKey: string): Promise<WebsiteContent> {
    const content = await this.cache.get(websiteKey);
    if (!content) throw notFound(UNKNOWN_WEBSITE_KEY_MESSAGE);
    const origin = request.headers.origin;
    if (origin !== undefined && !originMatchesDomain(origin, content.website.domain)) throw forbidden(ORIGIN_REFUSED_MESSAGE);
    return content;
  }

  /**
   * Counts a call (or `cost` events) of `kind` for the website: from the request's address, and from
   * every address together; 429 past either limit (with the message of the one passed), counting
   * nothing then.
   */
  limit(
    kind: 'content' | 'identify' | 'events' | 'progress',
    websiteId: string,
    request: FastifyRequest,
    cost = 1,
    messages: { address?: MessageCode; website?: MessageCode } = {},
  ) {
    const [perAddress, perWebsite] = kind === 'events' ? [this.eventLimiter, this.websiteEventLimiter] : [this.contentLimiter, this.websiteContentLimiter];
    this.takeAll(
      [
        [perAddress, `${kind}|${websiteId}|${request.ip}`, messages.address ?? SCRIPT_RATE_LIMITED_MESSAGE],
        [perWebsite, `${kind}|${websiteId}`, messages.website ?? SCRIPT_RATE_LIMITED_MESSAGE],
      ],
      cost,
    );
  }

  /** Takes `cost` from every limit, or from none and answers 429 with the message of the first that refuses. */
  takeAll(limits: [PublicRateLimiter, string, MessageCode][], cost: number) {
    for (const [limiter, key, message] of limits) {
      const wait = limiter.refusal(key, cost);
      if (wait > 0) throw tooManyRequests(message, wait);
    }
    for (const [limiter, key] of limits) limiter.take(key, cost);
  }

  /**
   * The installation heartbeat: the page origin and script version the script reported from, first
   * and last seen. It counts only from a page of the website's domain (its `Origin` header: a call
   * without one is not a browser page) carrying a valid visitor token of this visitor, which only a
   * content call answered; so a bare request naming the website's address does not mark it
   * installed. Written at most once a minute per website and origin, so it costs nothing under load.
   */
  async heartbeat(website: { id: string; domain: string }, request: FastifyRequest, visitorId: string, token: string | undefined, version: string | undefined) {
    const origin = request.headers.origin;
    if (origin === undefined || !originMatchesDomain(origin, website.domain)) return;
    const claims = await this.tokens.check(token, website.id);
    if (!claims || claims.visitorId !== visitorId) return;
    const key = `${website.id}|${origin}`;
    const now = Date.now();
    if (now - (this.heartbeats.get(key) ?? 0) < HEARTBEAT_EVERY_MS) return;
    if (this.heartbeats.size > 10_000) this.heartbeats.clear();
    this.heartbeats.set(key, now);
    await websiteScriptStore(this.ctx.db).recordInstallation(website.id, origin, version ?? null);
  }

  /** Rows of rate-limit windows long past (one table for every limiter). */
  prune() {
    return this.contentLimiter.prune();
  }

  async start() {
    await this.cache.start();
  }

  async close() {
    await this.cache.stop();
    await Promise.all(this.limiters.map((l) => l.close())).catch(() => {});
  }
}
