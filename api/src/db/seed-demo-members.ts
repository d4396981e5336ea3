import type { DbOrTx } from './client';
import { attributes, clientMembers, segments } from './schema';

/**
 * Demo people of the demo website, so a newcomer can build groups (and audiences) on the first
 * start. Real client members arrive through the website script (`signpost('identify', …)`, POST
 * /api/public/{key}/identify): these 60 are demo data beside the visitors of the demo site.
 *
 * Deterministic: the same 60 people every time (no randomness, no clock), and idempotent: a member
 * id already present on the website is left as it is (unique index website_id + member_id).
 */
const FIRST_NAMES = [
  'amina',
  'bruno',
  'chloe',
  'dmitri',
  'elena',
  'farid',
  'grace',
  'hugo',
  'ines',
  'jonas',
  'karim',
  'lea',
  'malik',
  'nora',
  'omar',
  'paula',
  'quentin',
  'rania',
  'sami',
  'tara',
];
const LAST_NAMES = ['haddad', 'martin', 'okafor', 'rossi', 'nguyen', 'dubois', 'silva'];
const DIVISIONS = ['north', 'south', 'east', 'west'] as const;
const STATES = ['active', 'active', 'inactive', 'trial'] as const;
const PLANS = ['free', 'starter', 'pro'] as const;

export const demoMembersDomain = 'demo.signpost.local';

export interface DemoMember {
  memberId: string;
  username: string;
  division: string;
  state: string;
  domain: string;
  /** Where the demo's e-mail campaigns go (the local outbox unless SMTP_URL says otherwise). */
  email: string;
  attributes: Record<string, string | number | boolean | null>;
}

/** The 60 demo people: cus-1001…cus-1054 and six vip-2001…vip-2006. */
export function demoMembers(): DemoMember[] {
  const people: DemoMember[] = [];
  for (let i = 0; i < 60; i++) {
    const vip = i >= 54;
    const first = FIRST_NAMES[i % FIRST_NAMES.length];
    const last = LAST_NAMES[(i * 3) % LAST_NAMES.length];
    const username = `${first}.${last}${i >= FIRST_NAMES.length ? i : ''}`;
    people.push({
      memberId: vip ? `vip-${2001 + i - 54}` : `cus-${1001 + i}`,
      username,
      division: DIVISIONS[(i * 7) % DIVISIONS.length],
      state: vip ? 'active' : STATES[(i * 5 + Math.floor(i / 4)) % STATES.length],
      domain: demoMembersDomain,
      email: `${username}@${demoMembersDomain}`,
      attributes: { plan: vip ? 'pro' : PLANS[i % PLANS.length], visits: (i * 37) % 120, newsletter: i % 3 === 0 },
    });
  }
  return people;
}

/** Adds the demo people to `websiteId`; returns how many were new. */
export async function seedDemoMembers(db: DbOrTx, websiteId: string): Promise<number> {
  const inserted = await db
    .insert(clientMembers)
    .values(demoMembers().map((m) => ({ websiteId, ...m })))
    .onConflictDoNothing({ target: [clientMembers.websiteId, clientMembers.memberId] })
    .returning({ id: clientMembers.id });
  return inserted.length;
}

/**
 * The people-data attributes the demo people carry, declared on the demo website so its demo
 * customer site (demo-site/) can send them with `signpost('identify', …)` and audiences can use them
 * from the first start (an undeclared attribute is refused by the identify call).
 */
export const DEMO_ATTRIBUTES = [
  { name: 'plan', type: 'string' },
  { name: 'visits', type: 'number' },
  { name: 'newsletter', type: 'boolean' },
] as const;

/** Declares DEMO_ATTRIBUTES on `websiteId`; an attribute already declared (any case) is left as it is. */
export async function seedDemoAttributes(db: DbOrTx, websiteId: string): Promise<number> {
  const inserted = await db
    .insert(attributes)
    .values(DEMO_ATTRIBUTES.map((a) => ({ websiteId, ...a })))
    .onConflictDoNothing()
    .returning({ id: attributes.id });
  return inserted.length;
}

/** The demo website's saved audience of its "pro" people: what the demo's e-mail campaigns target. */
export const DEMO_PRO_AUDIENCE = 'Pro customers';

/** Saves DEMO_PRO_AUDIENCE on `websiteId` (plan is pro); left as it is when one by that name exists. */
export async function seedDemoAudience(db: DbOrTx, websiteId: string): Promise<void> {
  await db
    .insert(segments)
    .values({ websiteId, name: DEMO_PRO_AUDIENCE, audience: { operator: 'and', predicates: [{ attribute: 'plan', comparison: 'is', selectedValue: 'pro' }] } })
    .onConflictDoNothing();
}
