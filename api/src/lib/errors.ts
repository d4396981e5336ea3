import type { MessageCode, MessageParams } from 'contracts';

/** A message of the catalogue (contracts/locales/*\/messages.json): its code, with the values it names. */
export type Message = MessageCode | { code: MessageCode; params: MessageParams };

/**
 * Errors a handler throws on purpose, carrying message codes (and their values), not texts. The
 * error handler (plugins/error-handler.ts) turns them into `{ message, errors? }` with their status,
 * in the caller's language; anything else is a bug and answers a bare 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly msg: Message,
    readonly errors?: Record<string, Message>,
    readonly headers?: Record<string, string>,
  ) {
    super(typeof msg === 'string' ? msg : msg.code);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: Message, errors?: Record<string, Message>) => new HttpError(400, message, errors);
export const unauthorized = (message: Message = 'auth.authenticationRequired') => new HttpError(401, message);
export const forbidden = (message: Message = 'auth.forbidden') => new HttpError(403, message);
export const notFound = (message: Message = 'generic.notFound') => new HttpError(404, message);
export const conflict = (message: Message, errors?: Record<string, Message>) => new HttpError(409, message, errors);
export const tooManyRequests = (message: Message, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** 503: refused for the load, before doing anything; come back after `retryAfterSeconds`. */
export const serviceUnavailable = (message: Message, retryAfterSeconds: number) =>
  new HttpError(503, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
