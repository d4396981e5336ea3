import { ALL_PERMISSIONS } from 'contracts';
import { clientMembers, emailSuppressions, pushSubscriptions } from '../src/db/schema';
import { contentOf, emailBody } from './support/campaigns';
import { randomId, withTestApp, type TestApp } from './support/test-app';

/**
 * What the console names before Publish: how many people an e-mail would be sent to (its working
 * copy's targeting, without the unsubscribed and the addresses that cannot be sent to) and how many
 * subscribed devices a push notification could reach.
 */
let t: TestApp;
withTestApp((app) => (t = app));

const reach = (u: { headers: Record<string, string> }, path: string) => t.request({ method: 'GET', url: path, headers: u.headers });

test('an e-mail’s reach: the people its working copy targets, the unsubscribed and unusable addresses left out', async () => {
  const owner = await t.createUser({ permissions: [...ALL_PERMISSIONS] });
  const people = await t.ctx.db
    .insert(clientMembers)
    .values([
      { websiteId: owner.websiteId, memberId: `a-${randomId()}`, email: 'ada@mail.example.test' },
      { websiteId: owner.websiteId, memberId: `b-${randomId()}`, email: 'bob@mail.example.test' },
      { websiteId: owner.websiteId, memberId: `c-${randomId()}`, email: 'left@mail.example.test' },
      { websiteId: owner.websiteId, memberId: `d-${randomId()}`, email: null },
    ])
    .returning();
  await t.ctx.db.insert(emailSuppressions).values({ websiteId: owner.websiteId, email: people[2].email!, reason: 'unsubscribed' });
  const email = await contentOf(t, owner, 'email', { ...emailBody(), target: 'all' });
  const res = await reach(owner, `/api/emails/${email}/reach`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ data: { count: 2, unit: 'people' } });

  expect((await reach(owner, `/api/emails/${randomId()}/reach`)).statusCode).toBe(404);
  const other = await t.createUser({ permissions: [...ALL_PERMISSIONS] });
  expect((await reach(other, `/api/emails/${email}/reach`)).statusCode).toBe(404);
});

test('a push notification’s reach: the website’s subscribed devices', async () => {
  const owner = await t.createUser({ permissions: [...ALL_PERMISSIONS] });
  expect((await reach(owner, `/api/push-notification/reach`)).json()).toEqual({ data: { count: 0, unit: 'devices' } });
  await t.ctx.db.insert(pushSubscriptions).values(
    [1, 2, 3].map((i) => ({
      websiteId: owner.websiteId,
      visitorId: `v${i}`,
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomId()}`,
      p256dh: 'k',
      auth: 'a',
    })),
  );
  // Another website's devices are not counted.
  const other = await t.createUser({ permissions: [...ALL_PERMISSIONS] });
  await t.ctx.db
    .insert(pushSubscriptions)
    .values({ websiteId: other.websiteId, visitorId: 'x', endpoint: 'https://fcm.googleapis.com/fcm/send/x', p256dh: 'k', auth: 'a' });
  expect((await reach(owner, `/api/push-notification/reach`)).json()).toEqual({ data: { count: 3, unit: 'devices' } });
});
