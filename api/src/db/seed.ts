import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, parsePermission, type Permission } from 'contracts';
import type { Db } from './client';
import { organisations, roles, userRoles, users, websites } from './schema';
import { hashPassword } from '../lib/passwords';
import { seedDemoAttributes, seedDemoMembers } from './seed-demo-members';

/** Resources an Editor works on, and the actions it may take on them. */
const EDITOR_CONTENT = new Set(['posts', 'banners', 'tour', 'email', 'pushNotification', 'checklist']);
const EDITOR_ACTIONS = new Set(['get', 'create', 'update', 'duplicate', 'duplication', 'cancel']);
const EDITOR_EXTRA: Permission[] = [
  'get_group',
  'get_members',
  'get_websites',
  // Organising and illustrating the content they write (issue 10, item 3).
  'create_tags',
  'create_workspaces',
  'create_upload',
];

export const SEED_ROLES: Record<'Owner' | 'Editor' | 'Viewer', Permission[]> = {
  Owner: [...ALL_PERMISSIONS],
  Editor: [
    ...ALL_PERMISSIONS.filter((p) => {
      const { action, resource } = parsePermission(p);
      return EDITOR_CONTENT.has(resource) && EDITOR_ACTIONS.has(action);
    }),
    ...EDITOR_EXTRA,
  ],
  Viewer: ALL_PERMISSIONS.filter((p) => parsePermission(p).action === 'get'),
};

export const DEMO_ORGANISATION = 'Demo Organisation';
export const DEMO_WEBSITE = { name: 'Demo website', domain: 'localhost:3005' };

/**
 * First start of an empty database: the super-admin, a demo organisation with one website, and the
 * roles Owner, Editor and Viewer; the super-admin is the demo organisation's Owner, so one sign-in
 * opens every screen. Runs only when there is no user at all, under an advisory lock so two API
 * processes starting together seed once.
 */
export async function seedDatabase(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) return false;

    const [org] = await tx.insert(organisations).values({ name: DEMO_ORGANISATION }).returning();
    const [demoSite] = await tx
      .insert(websites)
      // Identity verification required, as for every new website: the demo site signs Ada's id on its
      // own server side (scripts/lib/demo-site.mjs), so "Sign in as Ada" stays one click.
      .values({ organisationId: org.id, ...DEMO_WEBSITE, identityRequired: true })
      .returning({ id: websites.id });
    // ~60 demo people on the demo website, so groups can be built at once (see seed-demo-members.ts).
    await seedDemoMembers(tx, demoSite.id);
    // …and the attributes they carry, so the demo customer site can identify its visitor with them.
    await seedDemoAttributes(tx, demoSite.id);
    const created = await tx
      .insert(roles)
      .values(Object.entries(SEED_ROLES).map(([name, permissions]) => ({ organisationId: org.id, name, permissions })))
      .returning();
    const owner = created.find((r) => r.name === 'Owner')!;
    const [user] = await tx
      .insert(users)
      .values({
        organisationId: org.id,
        name: 'Signpost Admin',
        email: admin.email.toLowerCase(),
        passwordHash,
        isSuperAdmin: true,
      })
      .returning();
    await tx.insert(userRoles).values({ userId: user.id, roleId: owner.id });
    return true;
  });
}
