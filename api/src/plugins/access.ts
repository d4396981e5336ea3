import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isPermission, type Permission } from 'contracts';
import type { AppContext } from '../context';
import { PublicRateLimiter } from '../delivery/rate-limiter';
import { badRequest, forbidden, notFound, tooManyRequests, unauthorized } from '../lib/errors';
import { apiKeyUsable, isApiKey, LAST_USED_PRECISION_MS, loadApiKeyAuth, touchApiKey } from '../stores/api-keys';
import { loadAuthContext, type AuthContext } from '../stores/users';
import { sha256 } from '../lib/crypto';
import { findActiveWebsite } from '../stores/websites';
import { AccessCache } from './access-cache';

/**
 * Access control, in one place. Every route states in its `config`:
 *   permission: the exact `action_resource` string it needs, or null;
 *   website:    whether it acts inside the website named by the `Activewebsite` header;
 *   auth:       whether it needs a signed-in caller at all.
 * A route that forgets to say is refused at start-up (fail closed), and `/api/admin/*` is
 * additionally reserved to the super-admin.
 */
export interface RouteAccess {
  permission: Permission | null;
  website: boolean;
  auth: boolean;
}

export interface ActiveWebsite {
  id: string;
  name: string;
  domain: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission | null;
    website?: boolean;
    auth?: boolean;
    /** A call of the website script (visitors' pages): it never changes what the access hook keeps. */
    websiteScript?: boolean;
    /** Registered from its call definition in `contracts` (http/serve.ts). */
    contract?: boolean;
  }
  interface FastifyRequest {
    /** The caller, on routes with `auth: true` (set by the access hook). */
    auth: AuthContext | null;
    /** The website of the `Activewebsite` header, on routes with `website: true`. */
    activeWebsite: ActiveWebsite | null;
  }
}

/** Routes served by plugins we do not write (the docs page), open to anyone. */
const PUBLIC_PREFIXES = ['/api/docs'];
const ADMIN_PREFIX = '/api/admin/';
const uuid = z.string().uuid();

export function accessControl(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.decorateRequest('activeWebsite', null);

  // The caller's session and websites, kept between calls (access-cache.ts explains when they are forgotten).
  const cache = new AccessCache<SessionRow | null, ActiveWebsite>();
  app.addHook('onReady', () => cache.start(ctx.database));
  app.addHook('onClose', () => cache.stop());
  // Calls per API key and minute, counted across API processes as the website script's calls are.
  const keyLimiter = new PublicRateLimiter(ctx.db, ctx.config.apiKeys.requestsPerMinute, (err) =>
    ctx.log.warn({ err }, 'API key rate limit: counting in the database failed'),
  );
  app.addHook('onClose', () => keyLimiter.close());
  // A write of this process (sign-out, role, user, website…) is seen by the very next call: forget
  // everything before its answer leaves. The website script's calls change none of it.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && !request.routeOptions.config?.websiteScript) cache.clear();
  });

  // Checked when each route is registered, before @fastify/swagger sees it (hooks run in order).
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (PUBLIC_PREFIXES.some((p) => url.startsWith(p))) {
      route.config = { ...(route.config ?? {}), auth: false, permission: null, website: false };
      return;
    }
    const cfg = route.config ?? {};
    if (typeof cfg.auth !== 'boolean' || typeof cfg.website !== 'boolean' || cfg.permission === undefined) {
      throw new Error(`Route ${route.method} ${url} must declare config { permission, website, auth }`);
    }
    if (cfg.permission !== null && !isPermission(cfg.permission)) {
      throw new Error(`Route ${route.method} ${url} declares an unknown permission "${cfg.permission}"`);
    }
    // Each call is defined once, in contracts: an API route registered any other way is a
    // call the browser cannot reach by its definition and the OpenAPI document may describe wrongly.
    if (url.startsWith('/api/') && route.method !== 'OPTIONS' && route.method !== 'HEAD' && !cfg.contract) {
      throw new Error(`Route ${route.method} ${url} has no call definition: define it in contracts and register it with serve()`);
    }
    if ((cfg.permission || cfg.website || url.startsWith(ADMIN_PREFIX)) && !cfg.auth) {
      throw new Error(`Route ${route.method} ${url} needs a permission, a website or admin rights, so it must set auth: true`);
    }
    if (cfg.auth) {
      // Shown in the OpenAPI document.
      const security: Record<string, string[]> = { bearerAuth: [] };
      if (cfg.website) security.activeWebsite = [];
      route.schema = { ...(route.schema ?? {}), security: [security] };
    }
  });

  // onRequest rather than preHandler: the caller is checked before the body is even parsed, so an
  // anonymous request learns nothing about a route's input rules and costs us no parsing.
  app.addHook('onRequest', async (request) => {
    const cfg = request.routeOptions.config;
    if (!cfg?.auth) return;
    const token = bearerToken(request);
    if (token && isApiKey(token)) {
      const { auth, website } = await authenticateApiKey(token, ctx);
      const wait = keyLimiter.take(`apiKey|${auth.apiKeyId}`, 1);
      if (wait > 0) throw tooManyRequests('apiKeys.rateLimited', wait);
      request.auth = auth;
      // A key acts in its one website: calls at the organisation's level (members, roles, websites,
      // the profile, the super-admin's) need a person.
      if (!cfg.website || (request.routeOptions.url ?? '').startsWith(ADMIN_PREFIX)) throw forbidden('apiKeys.sessionOnly');
      if (cfg.permission && !auth.permissions.has(cfg.permission)) throw forbidden();
      request.activeWebsite = keyWebsite(request, website);
      return;
    }
    request.auth = await authenticate(request, ctx, cache);

    const isAdminRoute = (request.routeOptions.url ?? '').startsWith(ADMIN_PREFIX);
    if (isAdminRoute && !request.auth.isSuperAdmin) throw forbidden('auth.adminOnly');
    if (cfg.permission && !request.auth.permissions.has(cfg.permission)) throw forbidden();

    if (cfg.website) request.activeWebsite = await resolveWebsite(request, request.auth, ctx, cache);
  });
}

/** The access token of an `Authorization: Bearer …` header, if the request carries one. */
export function bearerToken(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

type SessionRow = Awaited<ReturnType<typeof loadAuthContext>>;
type Cache = AccessCache<SessionRow | null, ActiveWebsite>;

async function authenticate(request: FastifyRequest, ctx: AppContext, cache: Cache): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('auth.authenticationRequired');
  const claims = await ctx.tokens.verifyAccessToken(token);
  const row = await cache.session(claims.fid, () => loadAuthContext(ctx.db, claims.fid));
  // No row: the session or the user is gone. A token whose subject is not the family's owner is forged.
  if (!row || row.userId !== claims.sub) throw unauthorized('auth.sessionEndedSignInAgain');
  if (row.familyRevokedAt || row.familyExpiresAt.getTime() <= Date.now()) {
    throw unauthorized('auth.sessionEndedSignInAgain');
  }
  return {
    userId: row.userId,
    organisationId: row.organisationId,
    familyId: claims.fid,
    isSuperAdmin: row.isSuperAdmin,
    permissions: new Set(row.permissions),
  };
}

/**
 * The caller of a call that presents an API key: the key's creator, holding the key's permissions as
 * far as the creator still holds them, never super-admin. Read on every call, not kept in the access
 * cache, so a revoked key or the end of a rotation's overlap is refused from the next call on, in
 * every API process.
 */
async function authenticateApiKey(key: string, ctx: AppContext): Promise<{ auth: AuthContext; website: ActiveWebsite }> {
  const row = await loadApiKeyAuth(ctx.db, sha256(key));
  const now = new Date();
  if (!row || !apiKeyUsable(row, now.getTime())) throw unauthorized('apiKeys.invalid');
  const held = new Set<string>(row.creatorPermissions);
  const permissions = new Set(row.permissions.filter((p): p is Permission => isPermission(p) && (row.creatorIsSuperAdmin || held.has(p))));
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) await touchApiKey(ctx.db, row.id, now);
  return {
    auth: { userId: row.userId, organisationId: row.organisationId, familyId: row.id, isSuperAdmin: false, permissions, apiKeyId: row.id },
    website: { id: row.websiteId, name: row.websiteName, domain: row.websiteDomain },
  };
}

/** A key's website; an `Activewebsite` header naming any other answers as a website of another organisation would. */
function keyWebsite(request: FastifyRequest, website: ActiveWebsite): ActiveWebsite {
  const raw = request.headers.activewebsite;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value && value !== website.id) throw notFound('websites.notFound');
  return website;
}

async function resolveWebsite(request: FastifyRequest, auth: AuthContext, ctx: AppContext, cache: Cache): Promise<ActiveWebsite> {
  const raw = request.headers.activewebsite;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) throw badRequest('auth.selectWebsiteFirst', { Activewebsite: 'auth.activeWebsiteHeaderRequired' });
  // Another organisation's website, or no website at all: the same 404, never a hint it exists.
  if (!uuid.safeParse(value).success) throw notFound('websites.notFound');
  const site = await cache.website(auth.organisationId, value, () => findActiveWebsite(ctx.db, auth.organisationId, value));
  if (!site) throw notFound('websites.notFound');
  return site;
}

/** The caller on an `auth: true` route (the hook guarantees it is set). */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The website of the `Activewebsite` header on a `website: true` route (the hook sets it, after
 * answering 404 for a website of another organisation): the tenancy of every website's content.
 */
export function activeWebsiteOf(request: FastifyRequest): ActiveWebsite {
  if (!request.activeWebsite) throw badRequest('auth.selectWebsiteFirst', { Activewebsite: 'auth.activeWebsiteHeaderRequired' });
  return request.activeWebsite;
}
