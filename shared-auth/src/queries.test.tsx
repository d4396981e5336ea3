import { Suspense } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getMeCall } from 'contracts';
import { useCallQuery } from './queries';
import { fakeApi, signInAs, userWith } from './test-utils/screen-harness';

const me = userWith([]);
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function Reader({ enabled = true }: { enabled?: boolean }) {
  const { data } = useCallQuery(getMeCall, {}, { enabled });
  return <p>{data ? 'answered' : 'waiting'}</p>;
}

/** A sibling that keeps the first mount suspended: nothing commits, no effect runs. */
const never = new Promise<never>(() => {});
function Suspends(): never {
  throw never;
}

beforeEach(() => signInAs(me));

test('the call starts while the screen renders, before anything commits', async () => {
  const calls = fakeApi(() => ({ status: 200, data: { data: me } }));
  await act(async () => {
    render(
      <QueryClientProvider client={client()}>
        <Suspense fallback={<p>loading</p>}>
          <Reader />
          <Suspends />
        </Suspense>
      </QueryClientProvider>,
    );
  });
  // Without the start in render, the query would wait for the observer, which subscribes on commit.
  expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/users/me']);
});

test('the mounted query joins the call already under way: one request, and its answer shows', async () => {
  const calls = fakeApi(() => ({ status: 200, data: { data: me } }));
  const view = render(
    <QueryClientProvider client={client()}>
      <Reader />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(view.getByText('answered')).toBeTruthy());
  expect(calls).toHaveLength(1);
});

test('a disabled query starts nothing', async () => {
  const calls = fakeApi(() => ({ status: 200, data: { data: me } }));
  await act(async () => {
    render(
      <QueryClientProvider client={client()}>
        <Reader enabled={false} />
      </QueryClientProvider>,
    );
  });
  expect(calls).toHaveLength(0);
});
