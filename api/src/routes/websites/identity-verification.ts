import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IDENTITY_SECRET_ROTATED_MESSAGE,
  IDENTITY_VERIFICATION_UPDATED_MESSAGE,
  getIdentityVerificationCall,
  rotateIdentitySecretCall,
  updateIdentityVerificationCall,
  type IdentityVerification,
} from 'contracts';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/access';
import { serve } from '../../http/serve';
import { notFound } from '../../lib/errors';
import { newIdentitySecret, previousSecretExpiresAt } from '../../lib/identity-hash';
import { websitesStore, type IdentityVerificationRow } from '../../stores/websites';
import { recordAudit } from '../../stores/audit-log';
import { auditScope } from '../shared';

/** What the calls answer: the previous secret itself is never shown again, only until when it still verifies. */
function view(row: IdentityVerificationRow | undefined): IdentityVerification {
  if (!row) throw notFound('websites.notFound');
  const until = previousSecretExpiresAt(row.rotatedAt, row.previousSecret);
  return { required: row.required, secret: row.secret, previousSecretExpiresAt: until ? until.toISOString() : null };
}

/**
 * A website's identity verification (create_websites, as its other script settings: an Owner's
 * permission, never a Viewer's, since the secret lets whoever holds it claim any of the website's
 * people). A website of another organisation answers 404.
 */
export function identityVerificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => websitesStore(ctx.db, caller(request).organisationId);

  serve(app, getIdentityVerificationCall, async (request) => {
    return view(await store(request).identityVerification(request.params.id));
  });

  serve(app, updateIdentityVerificationCall, async (request) => {
    const { id } = request.params;
    const data = await ctx.db.transaction(async (tx) => {
      const changed = view(await websitesStore(tx, caller(request).organisationId).setIdentityRequired(id, request.body.required));
      await recordAudit(tx, auditScope(request), {
        action: 'settings.updated',
        objectType: 'website',
        objectId: id,
        websiteId: id,
        details: { identityVerificationRequired: request.body.required },
      });
      return changed;
    });
    return { message: IDENTITY_VERIFICATION_UPDATED_MESSAGE, ...data };
  });

  serve(app, rotateIdentitySecretCall, async (request) => {
    const { id } = request.params;
    const data = await ctx.db.transaction(async (tx) => {
      const rotated = view(await websitesStore(tx, caller(request).organisationId).rotateIdentitySecret(id, newIdentitySecret()));
      // The secret itself never goes into the log: only that it changed.
      await recordAudit(tx, auditScope(request), { action: 'identitySecret.rotated', objectType: 'website', objectId: id, websiteId: id });
      return rotated;
    });
    return { message: IDENTITY_SECRET_ROTATED_MESSAGE, ...data };
  });
}
