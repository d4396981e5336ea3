import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from 'contracts';
import { HttpError } from '../lib/errors';

/**
 * The one error handler: every failure answers `{ message, errors? }`.
 * - zod validation → 400 with one message per field, keyed by the dotted path (`address.city`);
 * - HttpError (thrown on purpose by handlers and hooks) → its status, message and field errors;
 * - Fastify's own client errors (bad JSON, wrong content type, body too large) → their 4xx status;
 * - anything else is a bug: logged in full, answered as a bare 500 without stack or internals.
 */
export function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || (error.validationContext ?? 'body');
        if (errors[field]) continue;
        // A missing field gets the spec's "Please enter {label}" rather than zod's type message.
        const missing = issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message ?? '');
        errors[field] = missing ? `Please enter ${field}` : (issue.message ?? 'Invalid value');
      }
      return reply.status(400).send({ message: 'Please check the highlighted fields', errors } satisfies ErrorBody);
    }

    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: 'Something went wrong' });
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` } satisfies ErrorBody);
  });
}
