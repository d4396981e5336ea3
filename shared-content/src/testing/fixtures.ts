/**
 * Answers the content screens' tests share (component tests only): a list row, the server-owned
 * fields of a saved item, and the option lists every editor loads, each as the contracts shape them.
 */
import { listAttributesCall, listGroupsCall, listSegmentsCall, listTagsCall, listWorkspacesCall, type CampaignRow, type WorkspaceService } from 'contracts';

/** A request the fake API received. */
export interface Call {
  method: string;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers: Record<string, unknown>;
}
export type Answer = { status: number; data: unknown; headers?: Record<string, string> };

/** A one-page list answer. */
export const paged = <T>(docs: T[]): Answer => ({
  status: 200,
  data: { docs: [...docs], meta: { totalDocs: docs.length, page: 1, limit: 10, hasMore: false, nextPage: null } },
});
export const TEST_WORKSPACE = '11111111-1111-4111-8111-111111111111';
export const TEST_GROUP = '22222222-2222-4222-8222-222222222222';

/** A row of a content list (popups, banners, push notifications, tours, checklists): a public item of no one's, in no workspace. */
export const listRow = (row: Partial<CampaignRow> & Pick<CampaignRow, '_id' | 'title'>): CampaignRow => ({
  sender: null,
  domain: 'main.example.com',
  position: null,
  status: 'public',
  priority: null,
  style: null,
  groups: [],
  audiences: [],
  tag: null,
  workspace: null,
  devices: 'all',
  reactCount: 0,
  commentCount: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  hasDraft: false,
  startsAt: null,
  endsAt: null,
  ...row,
});

/** The server-owned fields of a saved item (id, author, counts, dates, lifecycle), for answers that must satisfy the contract's schema. */
export const savedMeta = (id: string, publishedAt: string | null = '2025-01-01T00:00:00.000Z') => ({
  _id: id,
  sender: { _id: 'u1', name: 'Ada' },
  reactCount: 0,
  commentCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  hasDraft: false,
  startsAt: null,
  endsAt: null,
  publishedAt,
});

/** The editors' option lists for `fakeApi`: one group (when `withGroup`), one workspace of `service`, no segment, attribute or tag. */
export function editorOptionLists(call: Call, service: WorkspaceService, withGroup = true): Answer | undefined {
  if (call.method !== 'GET') return undefined;
  if (call.url === listGroupsCall.path && withGroup)
    return paged([{ _id: TEST_GROUP, name: 'VIP customers', membersCount: 3, createdAt: '2025-01-01T00:00:00.000Z' }]);
  if (call.url === listWorkspacesCall.path)
    return paged([{ _id: TEST_WORKSPACE, name: 'Onboarding', icon: 'rocket', service, createdAt: '2025-01-01T00:00:00.000Z' }]);
  if ([listGroupsCall, listSegmentsCall, listAttributesCall, listTagsCall].some((c) => c.path === call.url)) return paged([]);
  return undefined;
}
