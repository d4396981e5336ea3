import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, CONTENT_KIND_LIST, parsePermission, type Permission } from 'contracts';
import type { Db, DbOrTx } from './client';
import { organisations, roles, userRoles, users, websites } from './schema';
import { hashPassword } from '../lib/passwords';
import { seedDemoAttributes, seedDemoAudience, seedDemoMembers } from './seed-demo-members';
import { popupRules } from '../services/campaign-kinds';
import { insertCampaign } from '../stores/campaigns';

/** Resources an Editor works on, and the actions it may take on them. */
/** Editors write every kind of content: each described kind's permission resource. */
const EDITOR_CONTENT = new Set<string>(CONTENT_KIND_LIST.map((k) => k.resource));
const EDITOR_ACTIONS = new Set(['get', 'create', 'update', 'duplicate', 'duplication', 'cancel']);
const EDITOR_EXTRA: Permission[] = [
  'get_group',
  'get_members',
  'get_websites',
  // Organising and illustrating the content they write.
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
    // …and a saved audience of its "pro" people, for a first e-mail campaign.
    await seedDemoAudience(tx, demoSite.id);
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
    await seedDemoContent(tx, demoSite.id, user.id);
    return true;
  });
}

/** The title of the demo website's popup for its "pro" people (the demo site's "Sign in as Ada"). */
export const DEMO_PRO_POPUP_TITLE = 'Pro tip: export your reports';

/**
 * The demo website's one seeded popup, for people whose `plan` is `pro`: an anonymous visitor of the
 * demo site does not get it, Ada (plan pro) does once she signs in. Only one item, so a fresh
 * visitor's daily cap of interruptive items is not used up before she does.
 */
async function seedDemoContent(tx: DbOrTx, websiteId: string, authorId: string) {
  const doc = popupRules.schema.parse({
    titleOfPopup: { label: DEMO_PRO_POPUP_TITLE },
    content: [
      {
        id: 'p1',
        content: [{ id: 'b1', kind: 'text', text: 'Pro plan: every report can be exported as a spreadsheet from its menu.' }],
      },
    ],
    priority: 'high',
    target: 'dynamic',
    dynamicAudience: { operator: 'and', predicates: [{ attribute: 'plan', comparison: 'is', selectedValue: 'pro' }] },
    status: 'public',
  });
  await insertCampaign(tx, popupRules, websiteId, authorId, doc);
}
