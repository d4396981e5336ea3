import { Route, Routes } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission, Person, TimelineEntry } from 'contracts';
import { fakeApi, initTestI18n, makeUser, paged, renderScreen, signInAs, TestRouter } from '../websites/test-utils';
import { scaled } from '../../../../tooling/test-time-scale.cjs';
import PersonScreen from './PersonScreen';

jest.setTimeout(scaled(30_000));
beforeAll(() => initTestI18n());

const ID = '5f0c3b1e-8a4d-4c2e-9b7a-0d1e2f3a4b5c';
const amina: Person = {
  _id: ID,
  identified: true,
  externalId: 'u-2001',
  name: 'Amina Haddad',
  email: 'amina@example.test',
  attributes: { plan: 'pro' },
  firstSeenAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-29T10:00:00.000Z',
  sessions: 3,
  devices: ['web'],
  reach: { email: 'subscribed', pushSubscriptions: 0 },
  attributeList: [{ name: 'plan', value: 'pro', changedAt: '2026-11-02T10:00:00.000Z' }],
  groups: [{ _id: 'g1', name: 'Early adopters' }],
  audiences: [{ _id: 's1', name: 'Pro plan' }],
  visitors: [],
};
const timeline: TimelineEntry[] = [
  { at: '2026-11-29T10:05:00.000Z', kind: 'checklist', type: 'complete', content: { _id: 'k1', kind: 'checklist', name: 'Get started' }, detail: {} },
  {
    at: '2026-11-29T10:01:00.000Z',
    kind: 'answer',
    type: 'answer',
    content: { _id: 'c1', kind: 'popup', name: 'Welcome survey' },
    detail: { question: 'Rate us', answer: '5' },
  },
];

function render(permissions: Permission[]) {
  signInAs(makeUser(permissions));
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === `/api/people/${ID}`) return { status: 200, data: { data: amina } };
    if (call.method === 'GET' && call.url === `/api/people/${ID}/timeline`)
      return paged(timeline.filter((e) => !call.params?.kind || e.kind === call.params.kind));
    if (call.method === 'GET' && call.url === `/api/people/${ID}/export`)
      return {
        status: 200,
        data: {
          exportedAt: '2026-11-29T11:00:00.000Z',
          person: amina,
          events: [],
          answers: [],
          comments: [],
          reactions: [],
          conversations: [],
          emails: [],
          emailSuppressions: [],
          pushSubscriptions: [],
          pushes: [],
          progress: [],
        },
      };
    if (call.method === 'DELETE' && call.url === `/api/people/${ID}`) return { status: 200, data: { message: 'Person deleted' } };
    return undefined;
  });
  renderScreen(
    <TestRouter initialEntries={[`/people/${ID}`]}>
      <Routes>
        <Route path="/people/:personId" element={<PersonScreen />} />
        <Route path="/people" element={<p>the people list</p>} />
      </Routes>
    </TestRouter>,
  );
  return calls;
}

test('the page shows who the person is and their timeline in sentences: the popup they answered, the checklist they completed', async () => {
  render(['get_people']);
  expect(await screen.findByRole('heading', { name: 'Amina Haddad' })).toBeInTheDocument();
  const entries = await screen.findAllByTestId('timeline-entry');
  expect(entries[0]).toHaveTextContent('Completed the checklist “Get started”');
  expect(entries[1]).toHaveTextContent('Answered “Welcome survey”: Rate us — 5');
  expect(screen.getByTestId('person-audiences')).toHaveTextContent('Pro plan');
  // Without delete_people there is no way to delete.
  expect(screen.queryByTestId('person-delete')).not.toBeInTheDocument();
});

test('export saves the person’s data as a JSON file named after them', async () => {
  const created: Blob[] = [];
  const clicks: string[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.download);
  });
  render(['get_people']);
  await userEvent.click(await screen.findByTestId('person-export'));
  await waitFor(() => expect(clicks).toEqual(['Amina Haddad 2026-11-29.json']));
  // jsdom's Blob has no text(): read it as a browser's FileReader would.
  const read = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(created[0]!);
  });
  const saved = JSON.parse(read) as { person: Person };
  expect(saved.person.email).toBe('amina@example.test');
  click.mockRestore();
});

test('delete asks first, naming the person, then deletes them and goes back to the list', async () => {
  const calls = render(['get_people', 'delete_people']);
  await userEvent.click(await screen.findByTestId('person-delete'));
  const dialog = await screen.findByTestId('person-delete-dialog');
  expect(dialog).toHaveTextContent('Amina Haddad and everything that is theirs');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(within(dialog).getByTestId('confirm-button'));
  expect(await screen.findByText('the people list')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/people/${ID}`]);
});

test('the timeline narrows to one kind on the server, and the choice is part of the link', async () => {
  const calls = render(['get_people']);
  expect(await screen.findAllByTestId('timeline-entry')).toHaveLength(2);
  await userEvent.selectOptions(screen.getByTestId('timeline-kind'), 'checklist');
  await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(1));
  expect(screen.getByTestId('timeline-entry')).toHaveTextContent('Completed the checklist “Get started”');
  expect(calls.filter((c) => c.url.endsWith('/timeline')).at(-1)?.params).toMatchObject({ kind: 'checklist', page: 1 });
});
