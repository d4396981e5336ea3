import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, type LoginResponse } from 'contracts';
import type { AppContext } from '../context';
import { caller, type RouteAccess } from '../plugins/access';
import type { AuditScope } from '../stores/audit-log';
import { loadUserView } from '../stores/users';
import { unauthorized } from '../lib/errors';

export const zod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Route access presets (see plugins/access.ts). */
export const PUBLIC: RouteAccess = { auth: false, permission: null, website: false };
export const SIGNED_IN: RouteAccess = { auth: true, permission: null, website: false };

/** Error answers a route can give, for the OpenAPI document (all share the `{ message, errors? }` body). */
export function errorResponses<const S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** The answer of every successful sign-in (password or identity provider). */
export async function signIn(ctx: AppContext, user: { id: string; organisationId: string }): Promise<LoginResponse> {
  const { familyId: _familyId, ...pair } = await ctx.tokens.startSession(user);
  const view = await loadUserView(ctx.db, user.id);
  if (!view) throw unauthorized('auth.invalidEmailOrPassword');
  return { message: 'auth.signedIn', data: { ...pair, user: view } };
}

/** Postgres unique-violation (same code on PGlite). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * The request's part of an audit entry: the caller's organisation, the active website (when the
 * route has one), the caller and their address. Written with `recordAudit` in the change's transaction.
 */
export function auditScope(request: FastifyRequest): AuditScope {
  const auth = caller(request);
  return { organisationId: auth.organisationId, websiteId: request.activeWebsite?.id ?? null, actorId: auth.userId, address: request.ip ?? null };
}
