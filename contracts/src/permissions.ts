/**
 * The permission strings: `action_resource`, the action before the first
 * underscore and the resource after it. The checklist's duplicate action is spelt
 * `duplication`, so its permission reads `duplication_checklist` (kept as the console has always spelt it).
 */
export const RESOURCE_ACTIONS = {
  domain: ['create'],
  user: ['get', 'create', 'update', 'delete'],
  role: ['get', 'create', 'update', 'delete'],
  posts: ['get', 'create', 'update', 'delete', 'cancel', 'duplicate'],
  banners: ['get', 'create', 'update', 'delete', 'cancel', 'duplicate'],
  tour: ['get', 'create', 'update', 'delete', 'cancel', 'duplicate'],
  email: ['get', 'create', 'update', 'delete', 'cancel', 'duplicate'],
  pushNotification: ['get', 'create', 'update', 'delete', 'cancel', 'duplicate'],
  checklist: ['get', 'create', 'update', 'delete', 'cancel', 'duplication'],
  group: ['get', 'create', 'update', 'delete'],
  members: ['get'],
  reclamation: ['get'],
  // Deleting a website deletes all its content: its own permission.
  websites: ['get', 'create', 'delete'],
  invitations: ['get', 'create'],
  // Where the permission list names none: writing what organises and targets
  // content. Reading stays open to every member of the organisation (the editors list them).
  tags: ['create', 'delete'],
  workspaces: ['create', 'delete'],
  attributes: ['create', 'update', 'delete'],
  segment: ['create', 'update', 'delete'],
  upload: ['create'],
  // Where a website's events are POSTed (its webhook endpoints and their delivery log).
  webhooks: ['get', 'create', 'update', 'delete'],
  // A person's page shows everything held about them, and deleting one erases it for good (a
  // data-subject request): both apart from the members picker's `get_members`.
  people: ['get', 'delete'],
  // Who changed what in the organisation: names members, addresses and every object, so apart.
  auditLog: ['get'],
  // Keys the organisation's own servers call the API with. Rotating makes a key, so it needs `create`;
  // revoking needs `delete`.
  apiKeys: ['get', 'create', 'delete'],
} as const satisfies Record<string, readonly string[]>;

export type Resource = keyof typeof RESOURCE_ACTIONS;
export type ActionOf<R extends Resource> = (typeof RESOURCE_ACTIONS)[R][number];
export type Action = { [R in Resource]: ActionOf<R> }[Resource];
export type Permission = { [R in Resource]: `${ActionOf<R>}_${R}` }[Resource];

export const RESOURCES = Object.keys(RESOURCE_ACTIONS) as Resource[];

/** Every permission string the product knows, in the order. */
export const ALL_PERMISSIONS: Permission[] = RESOURCES.flatMap((resource) =>
  (RESOURCE_ACTIONS[resource] as readonly string[]).map((action) => `${action}_${resource}` as Permission),
);

const PERMISSION_SET = new Set<string>(ALL_PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}

/** Splits `action_resource` at the first underscore, the permission names' own form. */
export function parsePermission(permission: string): { action: string; resource: string } {
  const at = permission.indexOf('_');
  if (at <= 0) return { action: permission, resource: '' };
  return { action: permission.slice(0, at), resource: permission.slice(at + 1) };
}

/** Does the permission set hold any permission on this resource? */
export function holdsAnyOf(permissions: Iterable<string>, resource: string): boolean {
  for (const p of permissions) if (parsePermission(p).resource === resource) return true;
  return false;
}

/** Map of resource → the actions allowed on it by this permission set. */
export function allowedActionsByResource(permissions: Iterable<string>): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const p of permissions) {
    const { action, resource } = parsePermission(p);
    if (!resource) continue;
    const actions = (map[resource] ??= []);
    if (!actions.includes(action)) actions.push(action);
  }
  return map;
}
