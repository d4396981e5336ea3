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
      // The framework's own refusals carry its codes and wording (FST_ERR_…): answer ours, in the
      // caller's language, and keep theirs in the log.
      request.log.debug({ code: error.code, err: error.message }, 'request refused by the framework');
      return reply.status(status).send({ message: clientErrorMessage(error, status) } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` } satisfies ErrorBody);
  });
}

/** Our message for a 4xx raised by Fastify or a plugin, by its code, else by its status. */
function clientErrorMessage(error: FastifyError, status: number): string {
  const code = error.code ?? '';
  if (/JSON/.test(code) || error instanceof SyntaxError) return 'The request body is not valid JSON';
  if (status === 413 || /TOO_LARGE|LIMIT/.test(code)) return 'The request body is too large';
  if (status === 415 || /MEDIA_TYPE|CONTENT_TYPE/.test(code)) return 'This content type is not accepted';
  if (status === 404) return 'Not found';
  return 'The request could not be read';
}
