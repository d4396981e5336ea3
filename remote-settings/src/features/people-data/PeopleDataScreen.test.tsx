import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Attribute } from 'contracts';
import PeopleDataScreen from './PeopleDataScreen';
import { identifySnippet } from './snippet';
import { fakeApi, initTestI18n, makeUser, paged, renderScreen, signInAs } from '../websites/test-utils';

beforeAll(() => initTestI18n());

function server(initial: Attribute[]) {
  let rows = [...initial];
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/attributes') return paged(rows);
    if (call.method === 'POST' && call.url === '/api/attributes') {
      const body = call.data as Pick<Attribute, 'name' | 'type'>;
      if (rows.some((r) => r.name.toLowerCase() === body.name.toLowerCase()))
        return { status: 409, data: { message: 'An attribute with this name already exists', errors: { name: 'An attribute with this name already exists' } } };
      const row = { _id: `a${rows.length}`, ...body, createdAt: new Date().toISOString() };
      rows = [row, ...rows];
      return { status: 201, data: { message: 'Attribute created: start sending its data by adding it to your code', data: row } };
    }
    if (call.method === 'DELETE') {
      rows = rows.filter((r) => call.url !== `/api/attributes/${r._id}`);
      return { status: 200, data: { message: 'Attribute deleted successfully' } };
    }
    return undefined;
  });
  signInAs(makeUser([]));
  return calls;
}

test('snippets carry an example value of the type', () => {
  expect(identifySnippet('age', 'number')).toContain('age: 42');
  expect(identifySnippet('vip', 'boolean')).toContain('vip: true');
  expect(identifySnippet('plan', 'string')).toContain("plan: 'premium'");
  expect(identifySnippet('plan', 'string')).toMatch(/^signpost\('identify', \{/);
});

test('create: validation in the browser, a duplicate on the name field, then the message and the snippet', async () => {
  const calls = server([{ _id: 'x', name: 'plan', type: 'string', createdAt: '2025-01-01T00:00:00.000Z' }]);
  renderScreen(
    <MemoryRouter>
      <PeopleDataScreen />
    </MemoryRouter>,
  );
  const table = await screen.findByTestId('attributes-table');
  await within(table).findByText('plan');
  await userEvent.click(screen.getByTestId('attribute-create'));
  const form = await screen.findByTestId('attribute-form');
  await userEvent.type(within(form).getByTestId('attribute-name'), '9lives');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('Use letters, digits and underscores, starting with a letter')).toBeInTheDocument();
  expect(within(form).getByText('Please enter Type')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await userEvent.clear(within(form).getByTestId('attribute-name'));
  await userEvent.type(within(form).getByTestId('attribute-name'), 'Plan');
  await userEvent.selectOptions(within(form).getByTestId('attribute-type'), 'number');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('An attribute with this name already exists')).toBeInTheDocument();

  await userEvent.clear(within(form).getByTestId('attribute-name'));
  await userEvent.type(within(form).getByTestId('attribute-name'), 'lifetime_value');
  await userEvent.click(within(form).getByTestId('submit-button'));
  const panel = await screen.findByTestId('attribute-snippet');
  expect(panel).toHaveTextContent('Start sending its data by adding it to your code');
  expect(within(panel).getByTestId('attribute-snippet-code')).toHaveTextContent("signpost('identify', { memberId: 'member-123', lifetime_value: 42, });");
  await within(table).findByText('lifetime_value');
  expect(calls.filter((c) => c.method === 'POST').at(-1)!.data).toEqual({ name: 'lifetime_value', type: 'number' });
});

test('delete asks first, then removes the row', async () => {
  const calls = server([{ _id: 'x', name: 'plan', type: 'string', createdAt: '2025-01-01T00:00:00.000Z' }]);
  renderScreen(
    <MemoryRouter>
      <PeopleDataScreen />
    </MemoryRouter>,
  );
  const table = await screen.findByTestId('attributes-table');
  await within(table).findByText('plan');
  await userEvent.click(within(table).getByTestId('attribute-delete'));
  const dialog = await screen.findByTestId('attribute-delete-dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(within(table).queryByText('plan')).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/attributes/x');
});
