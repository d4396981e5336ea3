import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the same zod schemas that validate requests and responses,
 * at /api/docs/json, and the swagger-ui page at /api/docs.
 */
export async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Signpost API',
        version: '0.1.0',
        description:
          'Every error answers `{ message, errors? }`. Lists answer `{ docs, meta }`, newest first. ' +
          'Calls marked with `activeWebsite` act inside the website named by the `Activewebsite` header.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          activeWebsite: { type: 'apiKey', in: 'header', name: 'Activewebsite' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
