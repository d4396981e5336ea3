/**
 * Component-test helpers of the campaign screens: the shared harness (shared-auth/testing) with the
 * campaigns texts (a missing key shows as the key and fails the assertion), and the option lists
 * the editors load.
 */
import { defaultBanner, defaultPopup, defaultPushNotification, type Banner, type Permission, type Popup, type PushNotification, type User } from 'contracts';
import { initTestI18n as initI18nWith, paged, userWith, type Answer, type Call } from 'shared-content/testing';
import campaigns from '../locales/en/campaigns.json';

export { fakeApi, paged, renderScreen, signInAs, TestRouter, type Answer, type Call } from 'shared-content/testing';

export const initTestI18n = () => initI18nWith({ campaigns: { en: campaigns } });

/** A user holding exactly `permissions`, on the given websites. */
export const makeUser = (permissions: Permission[], websites?: User['websites']): User => userWith(permissions, websites);

export const TEST_WORKSPACE = '11111111-1111-4111-8111-111111111111';
export const TEST_GROUP = '22222222-2222-4222-8222-222222222222';

/** The editors' option lists (groups, workspaces, segments, attributes, tags) for `fakeApi`. */
export function optionLists(call: Call, service = 'popup'): Answer | undefined {
  if (call.method !== 'GET') return undefined;
  if (call.url === '/api/groups') return paged([{ _id: TEST_GROUP, name: 'VIP customers', membersCount: 3, createdAt: '2025-01-01T00:00:00.000Z' }]);
  if (call.url === '/api/workspaces')
    return paged([{ _id: TEST_WORKSPACE, name: 'Onboarding', icon: 'rocket', service, createdAt: '2025-01-01T00:00:00.000Z' }]);
  if (['/api/segment', '/api/attributes', '/api/tags'].includes(call.url)) return paged([]);
  return undefined;
}

/** The server-owned fields of a saved campaign, for answers that must satisfy the contract's schema. */
const savedMeta = (id: string) => ({
  _id: id,
  sender: { _id: 'u1', name: 'Ada' },
  reactCount: 0,
  commentCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  hasDraft: false,
  startsAt: null,
  endsAt: null,
  publishedAt: '2025-01-01T00:00:00.000Z',
});

/** A saved popup as create, update, duplicate and cancel answer it. */
export const savedPopup = (id = 'p-saved'): Popup => ({
  ...defaultPopup(null),
  titleOfPopup: { ...defaultPopup().titleOfPopup, label: 'Saved popup' },
  ...savedMeta(id),
});
/** A saved banner as create, update, duplicate and cancel answer it. */
export const savedBanner = (id = 'b-saved'): Banner => ({ ...defaultBanner(null), titleOfBanner: 'Saved banner', content: 'Saved', ...savedMeta(id) });
/** A saved push notification as create, update, duplicate and cancel answer it. */
export const savedPushNotification = (id = 'n-saved'): PushNotification => ({
  ...defaultPushNotification(null),
  push_notification_title: 'Saved push',
  title: 'Saved',
  body: 'Saved',
  ...savedMeta(id),
});
