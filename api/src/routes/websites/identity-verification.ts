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
    const data = view(await store(request).setIdentityRequired(request.params.id, request.body.required));
    return { message: IDENTITY_VERIFICATION_UPDATED_MESSAGE, ...data };
  });

  serve(app, rotateIdentitySecretCall, async (request) => {
    const data = view(await store(request).rotateIdentitySecret(request.params.id, newIdentitySecret()));
    return { message: IDENTITY_SECRET_ROTATED_MESSAGE, ...data };
  });
}
