/**
 * Errors a handler throws on purpose. The error handler (plugins/error-handler.ts) turns them into
 * `{ message, errors? }` with their status; anything else is a bug and answers a bare 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
