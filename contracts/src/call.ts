import type { z } from 'zod';
import type { Permission } from './permissions';

/**
 * One API call, defined once: its method, path, who may make it, and the zod
 * schemas of its path parameters, query, body and answer. The API registers its route from this
 * definition (`api/src/http/serve.ts`), the OpenAPI document follows from it, and the browser's
 * typed caller (`shared-auth`'s `callApi`) builds the URL from it and parses the answer with it.
 * No `/api/` path is written anywhere else.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make the call, enforced by the API's access hook:
 *   auth:       a signed-in caller is needed at all;
 *   permission: the exact `action_resource` string it needs, or null;
 *   website:    it acts inside the website named by the `Activewebsite` header.
 */
export interface CallAccess {
  auth: boolean;
  permission: Permission | null;
  website: boolean;
}

export const PUBLIC_ACCESS = { auth: false, permission: null, website: false } as const satisfies CallAccess;
export const SIGNED_IN_ACCESS = { auth: true, permission: null, website: false } as const satisfies CallAccess;
/** Signed in, acting inside the active website, with this permission (or none). */
export const inWebsite = <P extends Permission | null>(permission: P) => ({ auth: true, permission, website: true }) as const;
/** Signed in, at the organisation's level (no website), with this permission (or none). */
export const inOrganisation = <P extends Permission | null>(permission: P) => ({ auth: true, permission, website: false }) as const;

/** What a successful call answers: JSON parsed by `response`, or a file (a spreadsheet export). */
export type AnswerKind = 'json' | 'file';

export interface CallDefinition {
  method: HttpMethod;
  /** Fastify's form: `/api/roles/:id`. */
  path: string;
  access: CallAccess;
  /** One line for the OpenAPI document. */
  summary: string;
  /** The OpenAPI tag (one per area). */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body; `multipart` for a file upload (the API reads it itself). */
  body?: z.ZodType;
  multipart?: boolean;
  /** The success status: 200 unless said. */
  status?: 200 | 201 | 202 | 204;
  /** The success answer's schema (for `answer: 'file'`, none: the bytes are the answer). */
  response?: z.ZodType;
  answer?: AnswerKind;
  /** The error statuses the call can give, for the OpenAPI document (every error has the one body). */
  errors: readonly number[];
  /** Marks a call served only to the website script (CORS open to any origin, rate-limited by key). */
  websiteScript?: boolean;
}

/** Identity with the literal types kept, so the API and the browser see each call's exact schemas. */
export const defineCall = <const C extends CallDefinition>(call: C): C => call;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the handler receives (after parsing: defaults applied, strings coerced). */
export type CallParams<C extends CallDefinition> = Out<C['params']>;
export type CallQuery<C extends CallDefinition> = Out<C['query']>;
export type CallBody<C extends CallDefinition> = Out<C['body']>;
/** What the browser sends (before parsing: optional fields with defaults may be left out). */
export type CallParamsInput<C extends CallDefinition> = In<C['params']>;
export type CallQueryInput<C extends CallDefinition> = In<C['query']>;
export type CallBodyInput<C extends CallDefinition> = In<C['body']>;
/** The answer, as the API returns it (input) and as the browser receives it once parsed (output). */
export type CallAnswer<C extends CallDefinition> = C['answer'] extends 'file' ? Blob : Out<C['response']>;
export type CallReply<C extends CallDefinition> = C['answer'] extends 'file' ? unknown : In<C['response']>;

/** The URL of a call with its path parameters filled in (each one URI-encoded). */
export function callUrl(call: Pick<CallDefinition, 'path'>, params?: Record<string, string | number> | undefined): string {
  return call.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${call.path}: missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The area a call belongs to, for caching: `/api/popups/cancel/:id` and `/api/popups` both belong to
 * `popups`, so a write on one makes the browser read the other again.
 */
export function callArea(call: Pick<CallDefinition, 'path'>): string {
  return call.path.split('/')[2] ?? '';
}
