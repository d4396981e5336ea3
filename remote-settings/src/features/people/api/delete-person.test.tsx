import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { searchClientsCall, listGroupMembersCall, listPeopleCall } from 'contracts';
import { callKey } from 'shared-data';
import { fakeApi, makeUser, signInAs } from '../../websites/test-utils';
import { useDeletePerson } from './delete-person';

const ID = '5f0c3b1e-8a4d-4c2e-9b7a-0d1e2f3a4b5c';

test('deleting a person reads again the people list, the audience previews and the group members, so they leave every list', async () => {
  signInAs(makeUser(['get_people', 'delete_people']));
  fakeApi((call) => (call.method === 'DELETE' ? { status: 200, data: { message: 'Person deleted' } } : undefined));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const keys = [listPeopleCall, searchClientsCall, listGroupMembersCall].map((call) => callKey(call, 'w1', {}));
  for (const key of keys) client.setQueryData(key, { docs: [], meta: {} });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useDeletePerson(), { wrapper });
  await result.current.mutateAsync({ params: { personId: ID } });
  await waitFor(() => expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]));
});
