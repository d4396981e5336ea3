import type { FastifyInstance } from 'fastify';

/**
 * A route that needs an active website, registered through buildApp's `register` option with the
 * same access control as every real route: none of this calls acts inside a website yet,
 * but the rule (Activewebsite header of the caller's organisation, else 400/404) must hold.
 */
export const PROBE_URL = '/api/test/website-probe';

export function registerProbe(app: FastifyInstance) {
  app.get(PROBE_URL, { config: { auth: true, permission: 'get_websites', website: true } }, async (request) => ({
    website: request.activeWebsite,
  }));
}
