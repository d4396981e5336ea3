import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, MessageCode, MessageParams } from 'contracts';
import { HttpError, type Message } from '../lib/errors';
import { isMessageCode, languageOf, translateMessage } from '../i18n/messages';

/**
 * The one error handler: every failure answers `{ message, errors? }`.
 * - zod validation → 400 with one message per field, keyed by the dotted path (`address.city`);
 * - HttpError (thrown on purpose by handlers and hooks) → its status, message and field errors;
 * - Fastify's own client errors (bad JSON, wrong content type, body too large) → their 4xx status;
 * - anything else is a bug: logged in full, answered as a bare 500 without stack or internals.
 * Messages are codes of the catalogue, translated here by accept-language with their values.
 */
export function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = languageOf(request.headers['accept-language']);
    const say = (message: Message | string) => translateMessage(message, lang);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || (error.validationContext ?? 'body');
        if (errors[field]) continue;
        // A missing field gets the console's "Please enter {label}" rather than zod's type message.
        const missing = issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message ?? '');
        // A custom issue names its values in `params` (contracts' `ctx.addIssue({ message, params })`).
        const values = (issue.params as { params?: MessageParams } | undefined)?.params;
        errors[field] = missing ? say(requiredMessage(field)) : translateMessage(issue.message ?? 'Invalid value', lang, values);
      }
      return reply.status(400).send({ message: say('generic.checkFields'), errors } satisfies ErrorBody);
    }

    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: say(error.msg) };
      if (error.errors) body.errors = Object.fromEntries(Object.entries(error.errors).map(([field, m]) => [field, say(m)]));
      return reply.status(error.statusCode).send(body);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: say('generic.somethingWentWrong') });
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // The framework's own refusals carry its codes and wording (FST_ERR_…): answer ours, in the
      // caller's language, and keep theirs in the log.
      request.log.debug({ code: error.code, err: error.message }, 'request refused by the framework');
      return reply.status(status).send({ message: say(clientErrorMessage(error, status)) } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: say('generic.somethingWentWrong') });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` } satisfies ErrorBody);
  });
}

/** Our message for a 4xx raised by Fastify or a plugin, by its code, else by its status. */
function clientErrorMessage(error: FastifyError, status: number): MessageCode {
  const code = error.code ?? '';
  if (/JSON/.test(code) || error instanceof SyntaxError) return 'generic.invalidJson';
  if (status === 413 || /TOO_LARGE|LIMIT/.test(code)) return 'generic.bodyTooLarge';
  if (status === 415 || /MEDIA_TYPE|CONTENT_TYPE/.test(code)) return 'generic.contentTypeNotAccepted';
  if (status === 404) return 'generic.notFound';
  return 'generic.unreadableRequest';
}

/**
 * A field zod found missing without a message of its own: its "please enter" code when the catalogue
 * has one (`validation.titleOfPopupRequired`), else the generic one naming the field.
 */
function requiredMessage(field: string): Message {
  const code = `validation.${field.replace(/[-_]+([a-z])/g, (_, c: string) => c.toUpperCase())}Required`;
  return /^[A-Za-z_-]+$/.test(field) && isMessageCode(code) ? (code as MessageCode) : { code: 'validation.fieldRequired', params: { field } };
}
