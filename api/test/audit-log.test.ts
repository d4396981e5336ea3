import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type AuditEntry } from 'contracts';
import { roles, userRoles, visitors } from '../src/db/schema';
import { popupBody } from './support/campaigns';
import { createTestApp, randomId, type TestApp, type TestUser } from './support/test-app';

/**
 * The audit log: each recorded action leaves exactly one entry (who, what, which object, the
 * website, when, from which address), written in the transaction of the change, so an action that
 * fails leaves none; the log is read newest first, paged, filtered by actor, action, kind of object
 * and time, and only within the caller's organisation. Runs on PGlite and PostgreSQL.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ permissions: ALL_PERMISSIONS });
});
afterAll(() => t?.close());

type Page = { docs: AuditEntry[]; meta: { totalDocs: number; page: number; hasMore: boolean } };

async function log(u: TestUser, query = ''): Promise<Page> {
  const res = await t.request({ method: 'GET', url: `/api/audit-log${query}`, headers: u.headers });
  expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
  return res.json() as Page;
}

/** The entries of one object (newest first). */
async function entriesOf(u: TestUser, objectId: string): Promise<AuditEntry[]> {
  return (await log(u, '?pageSize=100')).docs.filter((e) => e.objectId === objectId);
}

const send = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });

async function roleOf(u: TestUser) {
  const [row] = await t.ctx.db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, u.id));
  return row;
}

describe('content', () => {
  test('create, publish, unpublish, schedule, restore and delete each leave one entry; a refused publish leaves none', async () => {
    const created = await send(owner, 'POST', '/api/popups?draft=true', popupBody());
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { data: { _id: string } }).data._id;
    expect((await send(owner, 'PUT', `/api/popups/publish/${id}`)).statusCode).toBe(200);
    // Nothing left to publish: 409, and no second entry.
    expect((await send(owner, 'PUT', `/api/popups/publish/${id}`)).statusCode).toBe(409);
    expect((await send(owner, 'DELETE', `/api/popups/cancel/${id}`)).statusCode).toBe(200);
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    expect((await send(owner, 'PUT', `/api/popups/schedule/${id}`, { startsAt })).statusCode).toBe(200);
    const versions = (await send(owner, 'GET', `/api/popups/${id}/versions`)).json() as { data: { number: number }[] };
    expect((await send(owner, 'PUT', `/api/popups/${id}/versions/${versions.data[0].number}/restore`)).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', `/api/popups/${id}`)).statusCode).toBe(200);

    const entries = await entriesOf(owner, id);
    expect(entries.map((e) => e.action).reverse()).toEqual([
      'content.created',
      'content.published',
      'content.unpublished',
      'content.scheduled',
      'content.restored',
      'content.deleted',
    ]);
    const published = entries.find((e) => e.action === 'content.published')!;
    expect(published).toMatchObject({ objectType: 'popup', websiteId: owner.websiteId, actor: { _id: owner.id, email: owner.email } });
    expect(published.address).toBeTruthy();
    expect(Date.parse(published.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('roles', () => {
  test('create, update and delete each leave one entry with what changed', async () => {
    const created = await send(owner, 'POST', '/api/roles', { name: `Auditor ${randomId().slice(0, 6)}`, permissions: ['get_posts'] });
    expect(created.statusCode).toBe(201);
    const role = (created.json() as { data: { _id: string; name: string } }).data;
    expect((await send(owner, 'PUT', `/api/roles/${role._id}`, { name: role.name, permissions: ['get_posts', 'get_banners'] })).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', `/api/roles/${role._id}`)).statusCode).toBe(200);
    const entries = (await entriesOf(owner, role._id)).reverse();
    expect(entries.map((e) => e.action)).toEqual(['role.created', 'role.updated', 'role.deleted']);
    expect(entries[1].details).toEqual({
      before: { name: role.name, permissions: ['get_posts'] },
      after: { name: role.name, permissions: ['get_posts', 'get_banners'] },
    });
  });

  test('an edit rolled back (it would leave no owner) leaves no entry', async () => {
    const alone = await t.createUser({ permissions: ALL_PERMISSIONS });
    const role = await roleOf(alone);
    const res = await send(alone, 'PUT', `/api/roles/${role.id}`, { name: role.name, permissions: ['get_posts'] });
    expect(res.statusCode).toBe(409);
    expect(await entriesOf(alone, role.id)).toEqual([]);
  });
});

describe('invitations, websites, settings', () => {
  test('an invitation sent and revoked: one entry each; inviting a member already (409) leaves none', async () => {
    const role = await roleOf(owner);
    const email = `invitee-${randomId().slice(0, 8)}@example.test`;
    const sent = await send(owner, 'POST', '/api/invitations', { email, roleId: role.id });
    expect(sent.statusCode).toBe(201);
    const invitationId = (sent.json() as { data: { _id: string } }).data._id;
    expect((await send(owner, 'DELETE', `/api/invitations/${invitationId}`)).statusCode).toBe(200);
    expect((await entriesOf(owner, invitationId)).map((e) => e.action)).toEqual(['invitation.revoked', 'invitation.created']);
    const before = (await log(owner, '?action=invitation.created')).meta.totalDocs;
    expect((await send(owner, 'POST', '/api/invitations', { email: owner.email, roleId: role.id })).statusCode).toBe(409);
    expect((await log(owner, '?action=invitation.created')).meta.totalDocs).toBe(before);
  });

  test('a website created, its settings changed, its identity secret rotated, then deleted: one entry each', async () => {
    const created = await send(owner, 'POST', '/api/websites', { name: 'Audited', domain: `audited-${randomId().slice(0, 6)}.example.com` });
    expect(created.statusCode).toBe(201);
    const siteId = (created.json() as { data: { _id: string } }).data._id;
    expect((await send(owner, 'PUT', `/api/websites/${siteId}/settings`, { interruptionsPerDay: 2 })).statusCode).toBe(200);
    expect((await send(owner, 'POST', `/api/websites/${siteId}/identity-verification/rotate`)).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', '/api/websites', { websites: [siteId] })).statusCode).toBe(200);
    const entries = (await entriesOf(owner, siteId)).reverse();
    expect(entries.map((e) => e.action)).toEqual(['website.created', 'settings.updated', 'identitySecret.rotated', 'website.deleted']);
    // The secret never reaches the log.
    expect(JSON.stringify(entries)).not.toMatch(/secret":/);
    // The entries outlive the website.
    expect(entries.every((e) => e.websiteId === siteId)).toBe(true);
  });
});

describe('people and webhooks', () => {
  test('a person exported then deleted: one entry each, which no longer name them; deleting them again (404) leaves none', async () => {
    const visitorId = `audit-${randomId().slice(0, 8)}`;
    await t.ctx.db.insert(visitors).values({ websiteId: owner.websiteId, visitorId });
    const personId = `visitor:${visitorId}`;
    const personEntries = async () => (await log(owner, '?pageSize=100&objectType=person')).docs.map((e) => e.action);
    const before = await personEntries();
    expect((await send(owner, 'GET', `/api/people/${encodeURIComponent(personId)}/export`)).statusCode).toBe(200);
    expect(await entriesOf(owner, personId)).toHaveLength(1);
    expect((await send(owner, 'DELETE', `/api/people/${encodeURIComponent(personId)}`)).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', `/api/people/${encodeURIComponent(personId)}`)).statusCode).toBe(404);
    expect((await personEntries()).slice(0, 2)).toEqual(['person.deleted', 'person.exported']);
    expect(await personEntries()).toHaveLength(before.length + 2);
    // Erased means erased: the log keeps what was done, not to whom.
    expect(JSON.stringify((await log(owner, '?pageSize=100')).docs)).not.toContain(visitorId);
  });

  test('an endpoint created, changed, its secret rotated, deleted: one entry each, never its secret; a refused URL leaves none', async () => {
    const created = await send(owner, 'POST', '/api/webhooks', { url: 'https://hooks.example.com/audit', events: ['content.published'] });
    expect(created.statusCode).toBe(201);
    const { data, secret } = created.json() as { data: { _id: string }; secret: string };
    expect((await send(owner, 'PATCH', `/api/webhooks/${data._id}`, { description: 'Orders' })).statusCode).toBe(200);
    expect((await send(owner, 'POST', `/api/webhooks/${data._id}/rotate-secret`)).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', `/api/webhooks/${data._id}`)).statusCode).toBe(200);
    expect((await send(owner, 'DELETE', `/api/webhooks/${data._id}`)).statusCode).toBe(404);
    const entries = (await entriesOf(owner, data._id)).reverse();
    expect(entries.map((e) => e.action)).toEqual(['webhook.created', 'webhook.updated', 'webhook.secretRotated', 'webhook.deleted']);
    expect(JSON.stringify(entries)).not.toContain(secret);
    const before = (await log(owner, '?action=webhook.created')).meta.totalDocs;
    expect((await send(owner, 'POST', '/api/webhooks', { url: 'https://127.0.0.1/in', events: ['content.published'] })).statusCode).toBe(400);
    expect((await log(owner, '?action=webhook.created')).meta.totalDocs).toBe(before);
  });
});

describe('members', () => {
  test('the super-admin removing a member leaves one entry in the member’s organisation', async () => {
    const admin = await t.createUser({ superAdmin: true, permissions: [] });
    const member = await t.createUser({ organisationId: owner.organisationId, permissions: ['get_posts'] });
    expect((await send(admin, 'DELETE', `/api/admin/users/${member.id}`)).statusCode).toBe(200);
    const entries = await entriesOf(owner, member.id);
    expect(entries).toEqual([expect.objectContaining({ action: 'member.removed', objectLabel: member.email, actor: { _id: admin.id, email: admin.email } })]);
  });
});

describe('reading the log', () => {
  test('filtered by actor, action, kind of object and time; paged newest first', async () => {
    const org = await t.createUser({ permissions: ALL_PERMISSIONS });
    const second = await t.createUser({ organisationId: org.organisationId, permissions: ALL_PERMISSIONS });
    // An entry of another organisation, which the log below must never list.
    expect((await send(owner, 'POST', '/api/roles', { name: `Elsewhere ${randomId().slice(0, 6)}`, permissions: ['get_posts'] })).statusCode).toBe(201);
    for (const [u, name] of [
      [org, 'A'],
      [second, 'B'],
      [org, 'C'],
    ] as const) {
      expect((await send(u, 'POST', '/api/roles', { name: `${name} ${randomId().slice(0, 6)}`, permissions: ['get_posts'] })).statusCode).toBe(201);
    }
    expect((await send(second, 'POST', '/api/popups?draft=true', popupBody())).statusCode).toBe(201);

    const all = await log(org);
    expect(all.meta.totalDocs).toBe(4);
    const times = all.docs.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await log(org, `?actor=${second.id}`)).docs.map((e) => e.action)).toEqual(['content.created', 'role.created']);
    expect((await log(org, '?action=role.created')).meta.totalDocs).toBe(3);
    expect((await log(org, '?objectType=popup')).meta.totalDocs).toBe(1);
    const paged = await log(org, '?pageSize=3&page=2');
    expect(paged.docs).toHaveLength(1);
    expect(paged.docs[0]._id).toBe(all.docs[3]._id);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await log(org, `?from=${encodeURIComponent(future)}`)).meta.totalDocs).toBe(0);
    expect((await log(org, `?to=${encodeURIComponent(future)}&from=${encodeURIComponent(all.docs[3].createdAt)}`)).meta.totalDocs).toBe(4);
    // Another organisation's entries are never listed.
    expect((await log(org)).docs.some((e) => e.actor._id === owner.id)).toBe(false);
  });

  test('bad filters answer 400 with a message per field', async () => {
    const res = await send(owner, 'GET', '/api/audit-log?actor=nobody&action=role.eaten&from=yesterday&pageSize=0');
    expect(res.statusCode).toBe(400);
    const { errors } = res.json() as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(['action', 'actor', 'from', 'pageSize']);
    expect(errors.from).toBe('Please enter a valid date');
  });
});
