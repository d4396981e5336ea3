import { answersOf, contentOf } from '../support/campaigns';
import type { TestApp, TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/** GET /api/export/{id} (get_posts), the form answers of a popup as a spreadsheet. */
async function answeredPopup(t: TestApp, u: TestUser) {
  const id = await contentOf(t, u, 'popup');
  await answersOf(t, id);
  return id;
}

export const protectedRoutes: ProtectedRoute[] = [
  {
    name: 'GET /api/export/:id',
    permission: 'get_posts',
    request: async (u, t) => ({ method: 'GET', url: `/api/export/${await answeredPopup(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/export/${await answeredPopup(t, owner)}` }),
  },
];

export const publicRoutes: Req[] = [];
