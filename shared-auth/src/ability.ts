/**
 * The ability: CASL rules built from the `action_resource` permission strings.
 *
 * Controls are shown or hidden with `ability.can(action, resource)`; routes use `hasPermission` instead,
 * because a permission must match its string exactly there (a CASL alias or a `manage` rule must never open a
 * route the permission list does not name).
 */
import { createMongoAbility, type ForcedSubject, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { parsePermission, type ActionOf, type Permission, type Resource } from 'contracts';

export { holdsAnyOf, allowedActionsByResource, parsePermission } from 'contracts';

/** Actions are the permission prefixes (`get`, `create`, … `duplication`), subjects the resources. */
export type AppAbility = MongoAbility;

/**
 * What a control asks about: a resource by name, or an object tagged with it
 * (`subject('posts', popup)`), so `useCan` and `<Can>` only accept the resource's own actions.
 */
export type ResourceSubject<R extends Resource> = R | ForcedSubject<R>;

/** The actions that exist on resource R (`ActionOf`), never inferred from the action. */
export type ResourceAction<R extends Resource> = NoInfer<ActionOf<R>>;

/**
 * A CASL rule as the rule engine describes it: action, subject, conditions, fields, inverted and
 * reason. `inverted: true` makes it a deny rule; `reason` is what `ForbiddenError` reports.
 */
export type RawRule = RawRuleOf<AppAbility>;

/** One allow rule per permission string. Strings without a resource part are ignored, not guessed. */
export function rulesFromPermissions(permissions: Iterable<string>): RawRule[] {
  const rules: RawRule[] = [];
  for (const permission of permissions) {
    const { action, resource } = parsePermission(permission);
    if (action && resource) rules.push({ action, subject: resource });
  }
  return rules;
}

/**
 * Builds the ability. Extra rules come after the permission rules because CASL gives later rules the
 * last word: a deny rule (`inverted: true`) added here overrides the allow a permission grants.
 */
export function buildAbility(permissions: Iterable<string>, extraRules: readonly RawRule[] = []): AppAbility {
  return createMongoAbility<AppAbility>([...rulesFromPermissions(permissions), ...extraRules]);
}

/** Route check: the exact string, or no permission needed (null/undefined). */
export function hasPermission(permissions: Iterable<string>, required: Permission | null | undefined): boolean {
  if (required === null || required === undefined) return true;
  if (permissions instanceof Set) return permissions.has(required);
  for (const p of permissions) if (p === required) return true;
  return false;
}
