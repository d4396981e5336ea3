import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { CallBody, CallDefinition, CallParams, CallQuery, CallReply } from 'contracts';
import { errorResponses } from '../routes/shared';
import { SCRIPT_CORS } from './script-cors';

/** The request a handler of call C receives: path parameters, query and body already parsed by its schemas. */
export type CallRequest<C extends CallDefinition> = FastifyRequest<{
  Params: CallParams<C>;
  Querystring: CallQuery<C>;
  Body: CallBody<C>;
}>;

/**
 * The parsed body of a call's request. It is `request.body` itself: Fastify types it as the call's
 * body, but through conditional types that stay unresolved inside generic code (one handler serving
 * every content kind, typed by the kind's document), so this names the same type directly.
 */
export const bodyOf = <C extends CallDefinition>(request: CallRequest<C>): CallBody<C> => request.body as CallBody<C>;

/**
 * What a handler returns: the answer (sent with the call's success status), or the reply itself when
 * it sent something else (a file, a header, another status).
 */
export type CallHandler<C extends CallDefinition> = (request: CallRequest<C>, reply: FastifyReply) => Promise<CallReply<C> | FastifyReply>;

/** Route options beyond the definition (a per-route CORS policy, a body limit). */
export type ServeOptions = Pick<RouteOptions, 'bodyLimit'> & { config?: Record<string, unknown> };

/**
 * Registers the route of one call from its definition in `contracts`: method, path,
 * access (read by plugins/access.ts), schemas (validated by the zod type provider, listed in the
 * OpenAPI document) and the success status. The handler reads like the call: parse is done, access
 * is checked, it returns the answer.
 */
export function serve<C extends CallDefinition>(app: FastifyInstance, call: C, handler: CallHandler<C>, options: ServeOptions = {}): void {
  const status = call.status ?? 200;
  const response: Record<number, unknown> = { ...errorResponses(...call.errors) };
  if (call.response && call.answer !== 'file') response[status] = call.response;
  app.route({
    method: call.method,
    url: call.path,
    bodyLimit: options.bodyLimit,
    // The website script's calls answer CORS to any page (their origin is checked against the website's domain).
    config: { ...(call.websiteScript ? { cors: SCRIPT_CORS, websiteScript: true } : {}), ...options.config, ...call.access, contract: true },
    schema: {
      tags: [call.tag],
      summary: call.summary,
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body && !call.multipart ? { body: call.body } : {}),
      ...(call.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response,
    },
    handler: async (request, reply) => {
      const answer = await handler(request as CallRequest<C>, reply);
      if (answer === reply || reply.sent) return reply;
      return reply.code(status).send(answer);
    },
  });
}
