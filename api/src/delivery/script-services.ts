import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { MessageCode } from 'contracts';
import {
  ORIGIN_REFUSED_MESSAGE,
  SCRIPT_NEW_VISITORS_RATE_LIMITED_MESSAGE,
  SCRIPT_RATE_LIMITED_MESSAGE,
  SCRIPT_VISITOR_RATE_LIMITED_MESSAGE,
  UNKNOWN_WEBSITE_KEY_MESSAGE,
} from 'contracts';
import { VisitorTokens } from '../services/visitor-tokens';
import type { AppContext } from '../context';
import { forbidden, notFound, tooManyRequests } from '../lib/errors';
import { websiteScriptStore } from '../stores/website-script';
import { ScriptContentCache, type WebsiteContent } from './content-cache';
import { originMatchesDomain } from './origin';
import {
  KNOWN_VISITOR_RESERVE,
  PublicRateLimiter,
  WindowCounter,
  contentPerMinute,
  eventsPerMinute,
  newVisitorsPerMinute,
  shareUnderPressure,
  visitorContentPerMinute,
  visitorEventsPerMinute,
  visitorMessagesPerMinute,
  websiteContentPerMinute,
  websiteEventsPerMinute,
} from './rate-limiter';

/*
 * A module of its own, not script.ts: the routes (content, identify, events) take the services, and
 * script.ts registers those routes; with the class in script.ts each imported the other.
 */

/**
 * The client address as the public budgets count it: an IPv4 address, or the /64 network of an IPv6
 * one (one subscriber holds a whole /64, so counting single IPv6 addresses would hand them billions
 * of budgets).
 */
export function clientAddress(ip: string): string {
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  try {
    const parts = ipaddr.IPv6.parse(ip).parts;
    return `${parts
      .slice(0, 4)
      .map((p) => p.toString(16))
      .join(':')}::/64`;
  } catch {
    return ip;
  }
}

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
  /** Per visitor (named by a valid visitor token), in this process. */
  readonly visitorContentLimiter: WindowCounter;
  readonly visitorEventLimiter: WindowCounter;
  /** Visitor tokens answered for visitors the website had never seen, per website and address. */
  readonly newVisitorLimiter: PublicRateLimiter;
  /** Comments and form answers per visitor. */
  readonly visitorMessageLimiter: PublicRateLimiter;
  readonly tokens: VisitorTokens;
  private readonly heartbeats = new Map<string, number>();
  /** Per website and kind: when its budget came under pressure, and the last minute it was (see limit). */
  private readonly pressure = new Map<string, { since: number; minute: number }>();

  constructor(private readonly ctx: AppContext) {
    const onError = (err: unknown) => ctx.log.warn({ err }, 'public rate limit: counting in the database failed');
    this.cache = new ScriptContentCache(ctx.database, ctx.log, ctx.clock);
    this.contentLimiter = new PublicRateLimiter(ctx.db, contentPerMinute(), onError);
    this.eventLimiter = new PublicRateLimiter(ctx.db, eventsPerMinute(), onError);
    this.websiteContentLimiter = new PublicRateLimiter(ctx.db, websiteContentPerMinute(), onError);
    this.websiteEventLimiter = new PublicRateLimiter(ctx.db, websiteEventsPerMinute(), onError);
    this.visitorContentLimiter = new WindowCounter(visitorContentPerMinute());
    this.visitorEventLimiter = new WindowCounter(visitorEventsPerMinute());
    this.newVisitorLimiter = new PublicRateLimiter(ctx.db, newVisitorsPerMinute(), onError);
    this.visitorMessageLimiter = new PublicRateLimiter(ctx.db, visitorMessagesPerMinute(), onError);
    this.tokens = new VisitorTokens(ctx.config.authSecret);
  }

  private get limiters() {
    return [this.contentLimiter, this.eventLimiter, this.websiteContentLimiter, this.websiteEventLimiter, this.newVisitorLimiter, this.visitorMessageLimiter];
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
   * Counts a call (or `cost` events) of `kind` for the website, from the request's address, from the
   * visitor when the call names one by a valid visitor token (`visitorId`), and from every address
   * together; 429 with the message of the budget passed, counting nothing then (a refused call
   * spends no budget, so those refused do not push everyone else towards the website's limit).
   *
   * Nobody can spend a website's budget for everyone: an address and a visitor each have a share of
   * it, and once the website has used half of its budget in the minute those shares shrink as it
   * fills (shareUnderPressure), so the heaviest addresses and visitors are refused first and a new
   * address or visitor, starting at 0, is still served. A visitor whose token was first served before
   * the pressure began (`visitorSince`: the website knew them before the flood) may go on past the
   * website's budget, into a reserve only such calls reach; tokens served during a flood do not.
   */
  limit(
    kind: 'content' | 'identify' | 'events' | 'progress',
    websiteId: string,
    request: FastifyRequest,
    cost = 1,
    options: { address?: MessageCode; website?: MessageCode; visitorId?: string | null; visitorSince?: number | null } = {},
  ) {
    const events = kind === 'events';
    const [perAddress, perWebsite, perVisitor] = events
      ? [this.eventLimiter, this.websiteEventLimiter, this.visitorEventLimiter]
      : [this.contentLimiter, this.websiteContentLimiter, this.visitorContentLimiter];
    const now = this.ctx.clock.now();
    const websiteKey = `${kind}|${websiteId}`;
    const addressKey = `${kind}|${websiteId}|${clientAddress(request.ip)}`;
    const used = perWebsite.used(websiteKey, now) + cost;
    const budget = perWebsite.perMinute;
    const refuse = (wait: number, message: MessageCode) => {
      if (wait > 0) throw tooManyRequests(message, wait);
    };
    refuse(perAddress.refusal(addressKey, cost, now, shareUnderPressure(perAddress.perMinute, used, budget)), options.address ?? SCRIPT_RATE_LIMITED_MESSAGE);
    const visitorKey = options.visitorId ? `${websiteKey}|${options.visitorId}` : null;
    if (visitorKey) {
      refuse(perVisitor.refusal(visitorKey, cost, now, shareUnderPressure(perVisitor.perMinute, used, budget)), SCRIPT_VISITOR_RATE_LIMITED_MESSAGE);
    }
    const pressureSince = this.pressureSince(websiteKey, used > budget / 2, now);
    const knownBefore = visitorKey !== null && options.visitorSince != null && pressureSince !== null && options.visitorSince < pressureSince;
    const ceiling = knownBefore ? Math.floor(budget * (1 + KNOWN_VISITOR_RESERVE)) : budget;
    refuse(perWebsite.refusal(websiteKey, cost, now, ceiling), options.website ?? SCRIPT_RATE_LIMITED_MESSAGE);
    perAddress.take(addressKey, cost, now);
    perWebsite.take(websiteKey, cost, now);
    if (visitorKey) perVisitor.take(visitorKey, cost, now);
  }

  /**
   * Since when the website's budget of this kind has been under pressure (more than half used in its
   * minute), without a quiet minute between; null when it is not. Kept in this process.
   */
  private pressureSince(websiteKey: string, pressed: boolean, now: number): number | null {
    const minute = Math.floor(now / 60_000);
    const episode = this.pressure.get(websiteKey);
    const ongoing = episode && episode.minute >= minute - 1 ? episode : undefined;
    if (!pressed) return ongoing?.since ?? null;
    if (this.pressure.size > 10_000) this.pressure.clear();
    this.pressure.set(websiteKey, { since: ongoing?.since ?? now, minute });
    return ongoing?.since ?? now;
  }

  /**
   * A content call is about to answer a visitor token for a visitor the website has never seen:
   * such tokens are limited per address (each opens a visitor's share of the budgets, and makes a
   * visitor in the statistics), and the limit shrinks with the website's content budget like the
   * address's share does.
   */
  limitNewVisitor(websiteId: string, request: FastifyRequest) {
    const now = this.ctx.clock.now();
    const used = this.websiteContentLimiter.used(`content|${websiteId}`, now);
    const key = `new-visitor|${websiteId}|${clientAddress(request.ip)}`;
    const limit = shareUnderPressure(this.newVisitorLimiter.perMinute, used, this.websiteContentLimiter.perMinute);
    const wait = this.newVisitorLimiter.refusal(key, 1, now, limit);
    if (wait > 0) throw tooManyRequests(SCRIPT_NEW_VISITORS_RATE_LIMITED_MESSAGE, wait);
    this.newVisitorLimiter.take(key, 1, now);
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
