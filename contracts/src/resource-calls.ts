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
  list: { method: 'GET', action: 'get' },
  get: { method: 'GET', action: 'get', byId: true },
  create: { method: 'POST', action: 'create', status: 201 },
  update: { method: 'PUT', action: 'update', byId: true },
  delete: { method: 'DELETE', action: 'delete', byId: true },
  /** The bulk delete: the ids travel in the body, on the collection's path. */
  deleteMany: { method: 'DELETE', action: 'delete' },
} as const;
type Verb = keyof typeof VERBS;
type VerbData = { method: CallDefinition['method']; action: string; byId?: true; status?: 201 };

/** Where the resource lives: `inOrganisation` or `inWebsite` (call.ts), given the call's permission. */
type Scope<W extends boolean> = <P extends Permission | null>(permission: P) => { readonly auth: true; readonly permission: P; readonly website: W };

/**
 * The permission a verb needs by default: `<action>_<resource>` (`create_tags`,
 * `get_role`), none when the resource names none (the super-admin's calls).
 */
type PermissionOf<K, N> = N extends string ? (K extends Verb ? `${(typeof VERBS)[K]['action']}_${N}` : 'no verb: name its permission') : null;

/**
 * One call as values: what `defineCall` takes, less what the verb and the resource give, with its
 * own permission when it is not the verb's (or its whole access, for a call the scope does not fit).
 */
type CallSpec = Omit<CallDefinition, 'method' | 'path' | 'tag' | 'access'> &
  Partial<Pick<CallDefinition, 'method' | 'path'>> &
  ({ permission?: Permission | null; access?: never } | { access: CallAccess; permission?: never });

/** A call whose verb gives no permission (or that is no verb) must name its own. */
type PermissionsNamed<R, N> = {
  [K in keyof R]: R[K] extends { permission: unknown } | { access: unknown }
    ? unknown
    : PermissionOf<K, N> extends Permission | null
      ? unknown
      : { permission: Permission | null };
};

/** What the verb and the resource give a call (its own values win). */
type Given<P extends string, N, T extends string, W extends boolean, K, C> = { tag: T } & (C extends { access: CallAccess }
  ? unknown
  : { access: { readonly auth: true; readonly permission: C extends { permission: infer X } ? X : PermissionOf<K, N>; readonly website: W } }) &
  (K extends Verb
    ? { method: (typeof VERBS)[K]['method']; path: (typeof VERBS)[K] extends { byId: true } ? `${P}/:id` : P } & ((typeof VERBS)[K] extends { byId: true }
        ? { params: typeof idParamSchema }
        : unknown) &
        ((typeof VERBS)[K] extends { status: infer S } ? { status: S } : unknown)
    : unknown);

type ResourceCall<G, C> = Omit<G, keyof C> & Omit<C, 'permission'>;
type ResourceCalls<P extends string, N, T extends string, W extends boolean, R> = { [K in keyof R]: ResourceCall<Given<P, N, T, W, K, R[K]>, R[K]> };

/**
 * `resourceCalls(inWebsite, 'tags', '/api/tags', 'tags', { list: {...}, create: {...} })`: the scope,
 * the resource's name in the permissions (null: none), its path, its OpenAPI tag, and its calls.
 */
export function resourceCalls<
  const P extends string,
  const N extends string | null,
  const T extends string,
  W extends boolean,
  const R extends Record<string, CallSpec>,
>(scope: Scope<W>, permissions: N, path: P, tag: T, calls: R & PermissionsNamed<R, N>): ResourceCalls<P, N, T, W, R> {
  const built: Record<string, CallDefinition> = {};
  for (const [name, { permission, ...spec }] of Object.entries(calls as Record<string, CallSpec>)) {
    const verb: Partial<VerbData> = Object.hasOwn(VERBS, name) ? VERBS[name as Verb] : {};
    const ownPermission = permission === undefined ? (permissions === null ? null : (`${verb.action}_${permissions}` as Permission)) : permission;
    built[name] = defineCall({
      tag,
      ...(spec.access ? {} : { access: scope(ownPermission) }),
      ...(verb.method ? { method: verb.method, path: verb.byId ? `${path}/:id` : path } : {}),
      ...(verb.byId ? { params: idParamSchema } : {}),
      ...(verb.status ? { status: verb.status } : {}),
      ...spec,
    } as CallDefinition);
  }
  return built as unknown as ResourceCalls<P, N, T, W, R>;
}
