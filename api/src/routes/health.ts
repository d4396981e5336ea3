import type { FastifyInstance } from 'fastify';
import { healthSchema } from 'contracts';
import { PUBLIC, zod } from './shared';

export function healthRoutes(app: FastifyInstance) {
  zod(app).get('/api/health', { config: PUBLIC, schema: { tags: ['system'], summary: 'Liveness check', response: { 200: healthSchema } } }, async () => ({
    ok: true as const,
  }));
}
