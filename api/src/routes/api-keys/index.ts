import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createApiKeyCall, listApiKeysCall, revokeApiKeyCall, rotateApiKeyCall, type ApiKey, type ApiKeyStatus } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { conflict, notFound } from '../../lib/errors';
import { activeWebsiteOf, caller } from '../../plugins/access';
import { assertCanGrant } from '../../services/grants';
import { apiKeysStore, type ApiKeyRow } from '../../stores/api-keys';

function statusOf(row: ApiKeyRow, now: number): ApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt) return row.expiresAt.getTime() > now ? 'expiring' : 'expired';
  return 'active';
}

const keyView = (row: ApiKeyRow, now = Date.now()): ApiKey => ({
  _id: row.id,
  name: row.name,
  prefix: row.prefix,
  permissions: row.permissions,
  status: statusOf(row, now),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdByName,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * The active website's API keys. Nobody gives a key a permission they do not hold themselves (the
 * rule of roles and invitations), and that holds for rotation too: rotating answers a working key
 * with the old one's permissions, so the rotator must hold them all.
 */
export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => apiKeysStore(ctx.db, activeWebsiteOf(request).id);

  serve(app, listApiKeysCall, async (request) => ({ data: (await store(request).list()).map((row) => keyView(row)) }));

  serve(app, createApiKeyCall, async (request) => {
    const auth = caller(request);
    assertCanGrant(auth, request.body.permissions);
    const { row, key } = await store(request).insert({ name: request.body.name, permissions: request.body.permissions, createdBy: auth.userId });
    return { message: 'apiKeys.created', data: keyView(row), key };
  });

  serve(app, rotateApiKeyCall, async (request) => {
    const auth = caller(request);
    const keys = store(request);
    const existing = await keys.get(request.params.id);
    if (!existing) throw notFound('apiKeys.notFound');
    assertCanGrant(auth, existing.permissions);
    const rotated = await keys.rotate(request.params.id, { overlapMinutes: request.body.overlapMinutes, createdBy: auth.userId });
    if (rotated.outcome === 'not-found') throw notFound('apiKeys.notFound');
    if (rotated.outcome === 'already-rotated') throw conflict('apiKeys.alreadyRotated');
    return { message: 'apiKeys.rotated', data: keyView(rotated.row), key: rotated.key, previous: keyView(rotated.previous) };
  });

  serve(app, revokeApiKeyCall, async (request) => {
    if (!(await store(request).revoke(request.params.id))) throw notFound('apiKeys.notFound');
    return { message: 'apiKeys.revoked' };
  });
}
