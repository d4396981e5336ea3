import type { FastifyRequest } from 'fastify';
import type { MessageCode } from 'contracts';
import { ORIGIN_REFUSED_MESSAGE, SCRIPT_RATE_LIMITED_MESSAGE, UNKNOWN_WEBSITE_KEY_MESSAGE } from 'contracts';
import type { AppContext } from '../../context';
import { forbidden, notFound, tooManyRequests } from '../../lib/errors';
import { websiteScriptStore } from '../../stores/website-script';
import { ScriptContentCache, type WebsiteContent } from './content-cache';
import { originMatchesDomain } from './origin';
import { PublicRateLimiter, contentPerMinute, eventsPerMinute } from './rate-limiter';

/*
 * A module of its own, not script.ts: the routes (content, identify, events) take the services, and
 * script.ts registers those routes; with the class in script.ts each imported the other.
 */

/** A heartbeat is written at most once a minute per website and page origin (per process). */
const HEARTBEAT_EVERY_MS = 60_000;

/** What the website script's routes share in one API process. */
export class ScriptServices {
  readonly cache: ScriptContentCache;
  readonly contentLimiter: PublicRateLimiter;
  readonly eventLimiter: PublicRateLimiter;
  private readonly heartbeats = new Map<string, number>();

  constructor(private readonly ctx: AppContext) {
    const onError = (err: unknown) => ctx.log.warn({ err }, 'public rate limit: counting in the database failed');
    this.cache = new ScriptContentCache(ctx.database, ctx.log, ctx.clock);
    this.contentLimiter = new PublicRateLimiter(ctx.db, contentPerMinute(), onError);
    this.eventLimiter = new PublicRateLimiter(ctx.db, eventsPerMinute(), onError);
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

  /** Counts a call (or `cost` events) of `kind` from the request's address for the website; 429 past the limit. */
  limit(limiter: PublicRateLimiter, kind: string, websiteId: string, request: FastifyRequest, cost = 1, message: MessageCode = SCRIPT_RATE_LIMITED_MESSAGE) {
    const wait = limiter.take(`${kind}|${websiteId}|${request.ip}`, cost);
    if (wait > 0) throw tooManyRequests(message, wait);
  }

  /**
   * The installation heartbeat: the page origin and script version the script reported from, first
   * and last seen. Written at most once a minute per website and origin, so it costs nothing under load.
   */
  async heartbeat(website: { id: string; domain: string }, request: FastifyRequest, pageUrl: URL, version: string | undefined) {
    const origin = request.headers.origin ?? pageUrl.origin;
    // Without an Origin header the page address is the caller's word: kept only when it is the website's.
    if (!originMatchesDomain(origin, website.domain)) return;
    const key = `${website.id}|${origin}`;
    const now = Date.now();
    if (now - (this.heartbeats.get(key) ?? 0) < HEARTBEAT_EVERY_MS) return;
    if (this.heartbeats.size > 10_000) this.heartbeats.clear();
    this.heartbeats.set(key, now);
    await websiteScriptStore(this.ctx.db).recordInstallation(website.id, origin, version ?? null);
  }

  async start() {
    await this.cache.start();
  }

  async close() {
    await this.cache.stop();
    await Promise.all([this.contentLimiter.close(), this.eventLimiter.close()]).catch(() => {});
  }
}
