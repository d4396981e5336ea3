import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall, inWebsite } from 'contracts';
import { serve } from '../../src/http/serve';

/**
 * A route that needs an active website, registered through buildApp's `register` option with the
 * same access control as every real route (and, like them, from a call definition): the rule
 * (Activewebsite header of the caller's organisation, else 400/404) must hold for any such call.
 */
export const probeCall = defineCall({
  method: 'GET',
  path: '/api/test/website-probe',
  access: inWebsite('get_websites'),
  summary: 'Test probe: the active website',
  tag: 'test',
  response: z.object({ website: z.object({ id: z.string(), name: z.string(), domain: z.string() }).nullable() }),
  errors: [400, 401, 403, 404],
});
export const PROBE_URL = probeCall.path;

export function registerProbe(app: FastifyInstance) {
  serve(app, probeCall, async (request) => ({ website: request.activeWebsite }));
}
