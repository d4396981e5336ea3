import MockAdapter from 'axios-mock-adapter';
import { listTagsCall } from 'contracts';
import { api } from './api-client';
import { fetchAllPages } from './queries';

const mock = new MockAdapter(api);
const tag = (n: number) => ({ _id: `t${n}`, name: `Tag ${n}`, color: '#000000', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' });

it('reads page after page until the server says there is no more, at the largest page size', async () => {
  mock.onGet('/api/tags').reply((config) => {
    const page = Number(config.params.page);
    const hasMore = page < 3;
    return [200, { docs: [tag(page)], meta: { totalDocs: 3, page, limit: config.params.pageSize, hasMore, nextPage: hasMore ? page + 1 : null } }];
  });
  const docs = await fetchAllPages(listTagsCall);
  expect(docs.map((d) => d._id)).toEqual(['t1', 't2', 't3']);
  expect(mock.history.get.map((r) => r.params)).toEqual([1, 2, 3].map((page) => ({ pageSize: 1000, page })));
});
