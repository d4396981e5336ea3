import type { Tag, TagCreateBody } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/tags: the active website's tags; spec section 9 fetches 1000 at a time. */
export const LIST_TAGS_URL = '/api/tags';
export const TAGS_PAGE_SIZE = 1000;
export type TagRow = Tag;

/** POST /api/tags (any signed-in member, inside the active website). */
export async function createTag(body: TagCreateBody): Promise<Tag> {
  const { data } = await api.post<{ message: string; data: Tag }>('/api/tags', body);
  return data.data;
}

/** DELETE /api/tags/{id}. */
export async function deleteTag(id: string): Promise<void> {
  await api.delete(`/api/tags/${encodeURIComponent(id)}`);
}
