/**
 * Component-test helpers of the tours screens: the shared harness (shared-auth/testing) with this
 * remote's texts (a missing key shows as the key and fails the assertion), the option lists the
 * editor loads, and saved tours as the API answers them.
 */
import { defaultTour, type Permission, type Tour, type TourDocument, type User } from 'contracts';
import { initTestI18n as initI18nWith, paged, userWith, type Answer, type Call } from 'shared-content/testing';
import toursChecklists from '../locales/en/toursChecklists.json';

export { fakeApi, paged, renderScreen, signInAs, TestRouter, type Answer, type Call } from 'shared-content/testing';

export const initTestI18n = () => initI18nWith({ toursChecklists: { en: toursChecklists } });

export const makeUser = (permissions: Permission[], websites?: User['websites']): User => userWith(permissions, websites);

export const TEST_WORKSPACE = '11111111-1111-4111-8111-111111111111';

/** The editor's option lists (groups, workspaces, segments, attributes, tags) for `fakeApi`. */
export function optionLists(call: Call): Answer | undefined {
  if (call.method !== 'GET') return undefined;
  if (call.url === '/api/workspaces')
    return paged([{ _id: TEST_WORKSPACE, name: 'Onboarding', icon: 'rocket', service: 'tour', createdAt: '2025-01-01T00:00:00.000Z' }]);
  if (['/api/groups', '/api/segment', '/api/attributes', '/api/tags'].includes(call.url)) return paged([]);
  return undefined;
}

/** A saved tour as get, create and update answer it. */
export const savedTour = (id: string, doc: Partial<TourDocument> = {}): Tour => ({
  ...defaultTour(null),
  ...doc,
  _id: id,
  sender: { _id: 'u1', name: 'Ada' },
  reactCount: 0,
  commentCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  hasDraft: false,
  startsAt: null,
  endsAt: null,
  publishedAt: null,
});
