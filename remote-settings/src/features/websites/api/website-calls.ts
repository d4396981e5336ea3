import type { User, WebsiteCreateBody } from 'contracts';
import { api, setUser } from 'shared-auth';
import type { WebsiteRow } from './list-websites';

/** POST /api/websites (create_websites). A duplicate domain answers 409 'Website already exists'. */
export async function createWebsite(body: WebsiteCreateBody): Promise<WebsiteRow> {
  const { data } = await api.post<{ message: string; data: WebsiteRow }>('/api/websites', body);
  return data.data;
}

/** DELETE /api/websites with `{ websites: [ids] }` (create_websites; see the API route for why). */
export async function deleteWebsites(ids: string[]): Promise<string> {
  const { data } = await api.delete<{ message: string }>('/api/websites', { data: { websites: ids } });
  return data.message;
}

/**
 * After a website is added or removed: the session's user is read again (GET /api/users/me), so the
 * header's website switcher lists the new set; setUser keeps the active website if it still exists
 * and otherwise switches to another one.
 */
export async function refreshSessionWebsites(): Promise<void> {
  const { data } = await api.get<{ data: User }>('/api/users/me');
  setUser(data.data);
}
