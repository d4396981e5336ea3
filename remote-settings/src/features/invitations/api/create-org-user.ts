import type { OrgUserCreateBody, User } from 'contracts';
import { api } from 'shared-auth';

/**
 * POST /api/users/org (create_user): adds a teammate to the caller's organisation directly, with a
 * password the owner hands over (the alternative to an invitation for people without a mailbox yet).
 */
export async function createOrgUser(body: OrgUserCreateBody): Promise<{ message: string; data: User }> {
  const { data } = await api.post<{ message: string; data: User }>('/api/users/org', body);
  return data;
}
