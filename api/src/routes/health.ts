import type { FastifyInstance } from 'fastify';
import { getHealthCall } from 'contracts';
import { serve } from '../http/serve';

export function healthRoutes(app: FastifyInstance) {
  serve(app, getHealthCall, async () => ({ ok: true as const }));
}
