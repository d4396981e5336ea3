/**
 * Component-test helpers of the campaign screens: the shared harness (shared-auth/testing) with the
 * campaigns texts (a missing key shows as the key and fails the assertion), and the option lists
 * the editors load.
 */
import type { Permission, User } from 'contracts';
import { initTestI18n as initI18nWith, paged, userWith, type Answer, type Call } from 'shared-auth/testing';
import campaigns from '../locales/en/campaigns.json';

export { fakeApi, paged, renderScreen, signInAs, TestRouter, type Answer, type Call } from 'shared-auth/testing';

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
