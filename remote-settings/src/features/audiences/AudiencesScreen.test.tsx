import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AudienceGroup, ClientMember, Segment } from 'contracts';
import AudiencesScreen from './AudiencesScreen';
import { describeAudience, missingValues } from './audience-summary';
import { fakeApi, initTestI18n, makeUser, paged, renderScreen, signInAs, TestRouter, type Call } from '../websites/test-utils';
import { i18n } from 'shared-i18n';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

// Typing into Chakra inputs under jsdom is slow on a shared machine; the preview also waits its debounce.
jest.setTimeout(scaled(30_000));
beforeAll(() => initTestI18n());

const people: ClientMember[] = [
  { _id: 'p1', memberId: 'vip-2001', username: 'amina.haddad', division: 'north', state: 'active', domain: 'demo.test' },
  { _id: 'p2', memberId: 'cus-1001', username: 'bruno.martin', division: 'south', state: 'trial', domain: 'demo.test' },
];
const active: AudienceGroup = { operator: 'and', predicates: [{ attribute: 'state', comparison: 'is', selectedValue: 'active' }] };

/** A tiny server: segments in memory; POST /api/clients filters `people` on state = value when asked. */
function server(initial: Segment[] = [], { permissions = ['get_members' as const] } = {}) {
  let rows = [...initial];
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/segment') return paged(rows);
    if (call.method === 'GET' && call.url === '/api/attributes')
      return paged([{ _id: 'a1', name: 'visits', type: 'number', createdAt: '2025-01-01T00:00:00.000Z' }]);
    if (call.method === 'POST' && call.url === '/api/clients') {
      const tree = call.data as AudienceGroup;
      const first = tree.predicates[0] as { attribute: string; selectedValue: unknown } | undefined;
      if (first?.attribute === 'visits' && first.selectedValue === 999)
        return { status: 400, data: { message: 'Please check the highlighted fields', errors: { 'predicates.0.attribute': 'Unknown attribute' } } };
      const docs = first?.attribute === 'state' ? people.filter((p) => p.state === first.selectedValue) : people;
      return paged(docs);
    }
    if (call.method === 'POST' && call.url === '/api/segment') {
      const body = call.data as { name: string; audience: AudienceGroup };
      if (rows.some((r) => r.name.toLowerCase() === body.name.toLowerCase()))
        return { status: 409, data: { message: 'A segment with this name already exists', errors: { name: 'A segment with this name already exists' } } };
      const row = { _id: `s${rows.length + 1}`, ...body, createdAt: new Date().toISOString() };
      rows = [row, ...rows];
      return { status: 201, data: { message: 'Segment created successfully', data: row } };
    }
    if (call.method === 'PUT' && call.url === '/api/segment') {
      const body = call.data as Segment;
      rows = rows.map((r) => (r._id === body._id ? { ...r, ...body } : r));
      return { status: 200, data: { message: 'Segment updated successfully', data: rows.find((r) => r._id === body._id) } };
    }
    if (call.method === 'DELETE') {
      rows = rows.filter((r) => call.url !== `/api/segment/${r._id}`);
      return { status: 200, data: { message: 'Segment deleted successfully' } };
    }
    return undefined;
  });
  signInAs(makeUser([...permissions]));
  return calls;
}

const clientCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/clients');

test('the summary of a tree reads like the rules, and missing values are found where they are', () => {
  const t = i18n.getFixedT('en', 'common');
  const tree: AudienceGroup = {
    operator: 'or',
    predicates: [
      {
        operator: 'and',
        predicates: [
          { attribute: 'state', comparison: 'is', selectedValue: 'active' },
          {
            operator: 'or',
            predicates: [
              { attribute: 'division', comparison: 'is', selectedValue: 'north' },
              { attribute: 'division', comparison: 'is', selectedValue: 'south' },
            ],
          },
        ],
      },
      { attribute: 'memberId', comparison: 'starts_with', selectedValue: 'vip-' },
      { attribute: 'newsletter', comparison: 'is_true', selectedValue: null },
    ],
  };
  expect(describeAudience(tree, t)).toBe('(State is active and (Division is north or Division is south)) or Member Id starts with vip- or newsletter is true');
  expect(describeAudience({ operator: 'and', predicates: [] }, t)).toBe('Everyone');
  expect(
    missingValues(
      {
        operator: 'and',
        predicates: [
          { attribute: 'state', comparison: 'is', selectedValue: ' ' },
          {
            operator: 'or',
            predicates: [
              { attribute: 'x', comparison: 'is_set', selectedValue: null },
              { attribute: 'visits', comparison: 'is', selectedValue: null },
            ],
          },
        ],
      },
      'missing',
    ),
  ).toEqual({
    'predicates.0.selectedValue': 'missing',
    'predicates.1.predicates.1.selectedValue': 'missing',
  });
});

test('the live preview runs POST /api/clients with the tree being built, and shows the people and the count', async () => {
  const calls = server();
  renderScreen(
    <TestRouter>
      <AudiencesScreen />
    </TestRouter>,
  );
  const preview = await screen.findByTestId('audience-preview');
  expect(await within(preview).findByText('vip-2001')).toBeInTheDocument();
  expect(within(preview).getByTestId('audience-preview-count')).toHaveTextContent('2 matching people');
  expect(clientCalls(calls)[0].data).toEqual({ operator: 'and', predicates: [] });
  // Clients/reports columns, Id hidden by default.
  expect(
    within(preview)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Member Id', 'Name', 'Division', 'State', 'Domain']);

  await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
  // A condition without its value is not sent: the preview says what is missing instead of failing.
  expect(await within(preview).findByTestId('audience-preview-incomplete', undefined, { timeout: 8000 })).toHaveTextContent(
    'Some conditions have no value yet',
  );
  expect(clientCalls(calls)).toHaveLength(1);
  const condition = screen.getByRole('group', { name: 'Condition 1' });
  await userEvent.selectOptions(within(condition).getByLabelText('Attribute'), 'state');
  await userEvent.type(within(condition).getByLabelText('Value'), 'active');
  await waitFor(() => expect(within(preview).getByTestId('audience-preview-count')).toHaveTextContent('1 matching person'), { timeout: 8000 });
  expect(within(preview).queryByText('cus-1001')).not.toBeInTheDocument();
  // Debounced: one call for the whole typed word, not one per key.
  expect(clientCalls(calls).at(-1)!.data).toEqual(active);
  expect(clientCalls(calls).length).toBeLessThanOrEqual(3);
  expect(clientCalls(calls).at(-1)!.params).toMatchObject({ page: 1, pageSize: 10 });
});

test('save: browser validation, the server’s name conflict on the name, then the segment in the list', async () => {
  const calls = server([{ _id: 's0', name: 'Taken', audience: active, createdAt: '2025-01-01T00:00:00.000Z' }]);
  renderScreen(
    <TestRouter>
      <AudiencesScreen />
    </TestRouter>,
  );
  const table = await screen.findByTestId('segments-table');
  await within(table).findByText('Taken');
  expect(within(table).getByText('State is active')).toBeInTheDocument();
  const form = screen.getByTestId('segment-form');
  await userEvent.click(within(form).getByRole('button', { name: 'Add condition' }));
  await userEvent.click(within(form).getByTestId('segment-save'));
  expect(await within(form).findByText('Please enter Name')).toBeInTheDocument();
  await userEvent.type(within(form).getByTestId('segment-name'), 'taken');
  await userEvent.click(within(form).getByTestId('segment-save'));
  expect(await within(form).findByText('Please enter Value')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST' && c.url === '/api/segment')).toBe(false);

  const condition = within(form).getByRole('group', { name: 'Condition 1' });
  await userEvent.selectOptions(within(condition).getByLabelText('Attribute'), 'state');
  await userEvent.type(within(condition).getByLabelText('Value'), 'active');
  await userEvent.click(within(form).getByTestId('segment-save'));
  expect(await within(form).findByText('A segment with this name already exists')).toBeInTheDocument();

  await userEvent.clear(within(form).getByTestId('segment-name'));
  await userEvent.type(within(form).getByTestId('segment-name'), 'Active people');
  await userEvent.click(within(form).getByTestId('segment-save'));
  await within(table).findByText('Active people');
  expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/segment').at(-1)!.data).toEqual({ name: 'Active people', audience: active });
  // The saved segment stays open for editing.
  expect(await screen.findByText('Edit audience Active people')).toBeInTheDocument();
});

test('a server message about a condition shows on that condition', async () => {
  server();
  renderScreen(
    <TestRouter>
      <AudiencesScreen />
    </TestRouter>,
  );
  await screen.findByTestId('audience-preview');
  await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
  const condition = screen.getByRole('group', { name: 'Condition 1' });
  await userEvent.selectOptions(within(condition).getByLabelText('Attribute'), 'visits');
  await userEvent.type(within(condition).getByLabelText('Value'), '999');
  expect(await within(condition).findByText('Unknown attribute', undefined, { timeout: 8000 })).toBeInTheDocument();
  expect(within(screen.getByTestId('audience-preview')).getByText('Please check the highlighted fields')).toBeInTheDocument();
});

test('edit loads the segment and saves it with PUT; delete asks first', async () => {
  const calls = server([{ _id: 's9', name: 'Actives', audience: active, createdAt: '2025-01-01T00:00:00.000Z' }]);
  renderScreen(
    <TestRouter>
      <AudiencesScreen />
    </TestRouter>,
  );
  const table = await screen.findByTestId('segments-table');
  await within(table).findByText('Actives');
  await userEvent.click(within(table).getByTestId('segment-edit'));
  const form = await screen.findByTestId('segment-form');
  expect(within(form).getByTestId('segment-name')).toHaveValue('Actives');
  expect(within(form).getByLabelText('Value')).toHaveValue('active');
  await userEvent.selectOptions(within(form).getByLabelText('How conditions combine'), 'or');
  await userEvent.click(within(form).getByTestId('segment-save'));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  expect(calls.find((c) => c.method === 'PUT')!.data).toEqual({ _id: 's9', name: 'Actives', audience: { ...active, operator: 'or' } });

  await userEvent.click(within(table).getByTestId('segment-delete'));
  const dialog = await screen.findByTestId('segment-delete-dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(within(table).queryByText('Actives')).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/segment/s9');
  // The deleted segment was open: the editor is back to a new one.
  expect(await screen.findByText('New audience', { selector: 'h2' })).toBeInTheDocument();
});

test('without get_members the screen still builds and saves segments, without listing people', async () => {
  const calls = server([], { permissions: [] as never[] });
  renderScreen(
    <TestRouter>
      <AudiencesScreen />
    </TestRouter>,
  );
  expect(await screen.findByTestId('audience-preview-denied')).toBeInTheDocument();
  expect(screen.queryByTestId('audience-preview')).not.toBeInTheDocument();
  await screen.findByTestId('segments-table');
  expect(clientCalls(calls)).toHaveLength(0);
});
