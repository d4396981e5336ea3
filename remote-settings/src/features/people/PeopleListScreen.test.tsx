import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PersonRow } from 'contracts';
import { fakeApi, initTestI18n, makeUser, paged, renderScreen, signInAs, TestRouter } from '../websites/test-utils';
import { scaled } from '../../../../tooling/test-time-scale.cjs';
import PeopleListScreen from './PeopleListScreen';

jest.setTimeout(scaled(30_000));
beforeAll(() => initTestI18n());

const row = (r: Partial<PersonRow> & Pick<PersonRow, '_id'>): PersonRow => ({
  identified: true,
  externalId: null,
  name: null,
  email: null,
  attributes: {},
  firstSeenAt: null,
  lastSeenAt: null,
  sessions: 0,
  devices: [],
  reach: { email: 'none', pushSubscriptions: 0 },
  ...r,
});
const people = [row({ _id: 'p1', name: 'Amina Haddad', email: 'amina@example.test' }), row({ _id: 'visitor:abc', identified: false })];

test('search and filters go to the API under its own names, and each row opens the person’s page', async () => {
  signInAs(makeUser(['get_people']));
  const calls = fakeApi((call) => {
    if (call.url === '/api/people') {
      const search = String(call.params?.search ?? '');
      return paged(people.filter((p) => !search || p.email?.includes(search)));
    }
    if (call.url === '/api/segment' || call.url === '/api/groups' || call.url === '/api/attributes') return paged([]);
    return undefined;
  });
  renderScreen(
    <TestRouter initialEntries={['/people']}>
      <PeopleListScreen />
    </TestRouter>,
  );
  const links = await screen.findAllByTestId('person-link');
  expect(links.map((l) => l.textContent)).toEqual(['Amina Haddad', 'Anonymous visitor']);
  expect(links[1]).toHaveAttribute('href', '/people/visitor%3Aabc');
  await userEvent.type(screen.getByTestId('people-search'), 'amina@{Enter}');
  await waitFor(() => expect(screen.getAllByTestId('person-link')).toHaveLength(1));
  await userEvent.selectOptions(screen.getByTestId('people-sort'), 'email');
  await waitFor(() =>
    expect(calls.filter((c) => c.url === '/api/people').at(-1)?.params).toMatchObject({ search: 'amina@', sort: 'email', order: 'desc', identity: 'all' }),
  );
  // The console's own sort name never reaches the API.
  expect(calls.filter((c) => c.url === '/api/people').every((c) => !('orderBy' in (c.params ?? {})))).toBe(true);
});
