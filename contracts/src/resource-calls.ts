import { defineCall, type CallAccess, type CallDefinition } from './call';
import { idParamSchema } from './common';
import type { Permission } from './permissions';

/**
 * The calls of one resource, as data: most areas (roles, websites, tags, attributes, invitations…)
 * have the same list, get, create, update and delete calls on `/api/<resource>` and
 * `/api/<resource>/:id`, differing only in their summary, schemas, permission and errors. Each call
 * here is written as those values; its method, path, `:id` parameter, success status, tag and access
 * follow from its verb, the resource and its permission. A call that is not one of these verbs names
 * its own method and path and shares only the tag and the scope. Each is still one `defineCall`
 * with its literal types, so each file exports every call under its own name.
 */
const VERBS = {
  list: { method: 'GET' },
  get: { method: 'GET', byId: true },
  create: { method: 'POST', status: 201 },
  update: { method: 'PUT', byId: true },
  delete: { method: 'DELETE', byId: true },
  /** The bulk delete: the ids travel in the body, on the collection's path. */
  deleteMany: { method: 'DELETE' },
} as const;
type Verb = keyof typeof VERBS;
type VerbData = { method: CallDefinition['method']; byId?: true; status?: 201 };

/** Where the resource lives: `inOrganisation` or `inWebsite` (call.ts), given the call's permission. */
type Scope<W extends boolean> = <P extends Permission | null>(permission: P) => { readonly auth: true; readonly permission: P; readonly website: W };

/**
 * One call as values: what `defineCall` takes, less what the verb and the resource give, and with
 * its permission in place of its access (or its whole access, for a call the scope does not fit).
 */
type CallSpec = Omit<CallDefinition, 'method' | 'path' | 'tag' | 'access'> &
  Partial<Pick<CallDefinition, 'method' | 'path'>> &
  ({ permission: Permission | null; access?: never } | { access: CallAccess; permission?: never });

/** What the verb and the resource give a call (its own values win). */
type Given<P extends string, T extends string, W extends boolean, K, C> = { tag: T } & (C extends { access: CallAccess }
  ? unknown
  : { access: { readonly auth: true; readonly permission: C extends { permission: infer X } ? X : never; readonly website: W } }) &
  (K extends Verb
    ? { method: (typeof VERBS)[K]['method']; path: (typeof VERBS)[K] extends { byId: true } ? `${P}/:id` : P } & ((typeof VERBS)[K] extends { byId: true }
        ? { params: typeof idParamSchema }
        : unknown) &
        ((typeof VERBS)[K] extends { status: infer S } ? { status: S } : unknown)
    : unknown);

type ResourceCall<G, C> = Omit<G, keyof C> & Omit<C, 'permission'>;

export function resourceCalls<const P extends string, const T extends string, W extends boolean, const R extends Record<string, CallSpec>>(
  scope: Scope<W>,
  path: P,
  tag: T,
  calls: R,
): { [K in keyof R]: ResourceCall<Given<P, T, W, K, R[K]>, R[K]> } {
  const built: Record<string, CallDefinition> = {};
  for (const [name, { permission, ...spec }] of Object.entries(calls)) {
    const verb: Partial<VerbData> = Object.hasOwn(VERBS, name) ? VERBS[name as Verb] : {};
    built[name] = defineCall({
      tag,
      ...(spec.access ? {} : { access: scope(permission ?? null) }),
      ...(verb.method ? { method: verb.method, path: verb.byId ? `${path}/:id` : path } : {}),
      ...(verb.byId ? { params: idParamSchema } : {}),
      ...(verb.status ? { status: verb.status } : {}),
      ...spec,
    } as CallDefinition);
  }
  return built as unknown as { [K in keyof R]: ResourceCall<Given<P, T, W, K, R[K]>, R[K]> };
}
