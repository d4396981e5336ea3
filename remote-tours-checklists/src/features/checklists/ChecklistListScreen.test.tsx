import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Permission } from 'contracts';
import { fakeApi, initTestI18n, listRow, makeUser, paged, renderScreen, signInAs } from '../../test/test-utils';
import ChecklistListScreen from './ChecklistListScreen';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

beforeAll(() => initTestI18n());
jest.setTimeout(scaled(20_000));

const row = listRow({ _id: 'c1', title: 'Get started', domain: '', priority: 'normal' });

async function rowActions(permissions: Permission[]) {
  signInAs(makeUser(permissions));
  fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/check-list') return paged([row]);
    if (call.method === 'GET') return paged([]);
    return undefined;
  });
  renderScreen(
    <MemoryRouter>
      <ChecklistListScreen />
    </MemoryRouter>,
  );
  return within((await screen.findByText('Get started')).closest('tr')!);
}

// The checklist's duplicate permission is the kind's own spelling (`duplication_checklist`), read by
// the shared list from the kind's descriptor.
it('offers duplicate with duplication_checklist', async () => {
  const actions = await rowActions(['get_checklist', 'duplication_checklist']);
  expect(actions.getByTestId('row-duplicate')).toBeInTheDocument();
});

it('offers no duplicate without it', async () => {
  const actions = await rowActions(['get_checklist', 'update_checklist']);
  expect(actions.getByTestId('row-edit')).toBeInTheDocument();
  expect(actions.queryByTestId('row-duplicate')).not.toBeInTheDocument();
});
