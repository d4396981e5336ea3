import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'contracts';
import UserListScreen from './UserListScreen';
import { fakeApi, initTestI18n, makeUser, renderListScreen, signInAs, submitEmpty } from '../websites/test-utils';

beforeAll(() => initTestI18n());

const client = (id: string, name: string, email: string): User => ({
  ...makeUser([]),
  _id: id,
  name,
  email,
  domain: `${id}.example.com`,
  roles: [{ _id: `r-${id}`, name: 'Owner', permissions: [] }],
});

function server(users: User[]) {
  let rows = [...users];
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/admin/users') {
      const name = call.params?.name as string | undefined;
      const docs = name ? rows.filter((u) => u.name.toLowerCase().includes(name.toLowerCase())) : rows;
      return { status: 200, data: { docs, meta: { totalDocs: docs.length, page: 1, limit: 10, hasMore: false, nextPage: null } } };
    }
    if (call.method === 'POST' && call.url === '/api/admin/users') {
      const body = call.data as { name: string; email: string };
      if (rows.some((u) => u.email === body.email))
        return { status: 409, data: { message: 'This email is already in use', errors: { email: 'This email is already used by another account' } } };
      rows = [client(`n${rows.length}`, body.name, body.email), ...rows];
      return { status: 201, data: { message: 'Client account created successfully' } };
    }
    if (call.method === 'PUT' && call.url.startsWith('/api/admin/users/')) {
      const id = call.url.split('/').pop()!;
      const body = call.data as { name: string; email: string };
      rows = rows.map((u) => (u._id === id ? { ...u, ...body } : u));
      return { status: 200, data: { message: 'User updated successfully', data: rows.find((u) => u._id === id) } };
    }
    if (call.method === 'DELETE' && call.url.startsWith('/api/admin/users/')) {
      const id = call.url.split('/').pop()!;
      rows = rows.filter((u) => u._id !== id);
      return { status: 200, data: { message: 'User deleted successfully' } };
    }
    return undefined;
  });
  return calls;
}

const admin = () => signInAs({ ...makeUser(['get_user']), isSuperAdmin: true });

test('a user with get_user who is not the super-admin sees the administrators-only state and calls nothing', async () => {
  const calls = server([]);
  signInAs(makeUser(['get_user']));
  renderListScreen(<UserListScreen />);
  expect(await screen.findByTestId('users-admins-only')).toHaveTextContent('Administrators only');
  expect(calls).toHaveLength(0);
});

test('the super-admin sees the table: User always shown, Id and Domain hidden, no name sent while the search is empty', async () => {
  const calls = server([client('a', 'Alice', 'alice@example.com'), client('b', 'Bob', 'bob@example.com')]);
  admin();
  renderListScreen(<UserListScreen />);
  const table = await screen.findByTestId('users-table');
  await within(table).findByText('Alice');
  // The e-mail is in its Mail column only, not again under the name.
  expect(within(table).getAllByText('alice@example.com')).toHaveLength(1);
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(headers).toEqual(expect.arrayContaining(['User', 'Mail', 'Roles', 'Created at', 'Action']));
  expect(headers).not.toContain('Id');
  expect(headers).not.toContain('Domain');
  expect(calls[0].params).toMatchObject({ page: 1, pageSize: 10, orderBy: 'createdAt', order: 'desc' });
  expect(calls[0].params).not.toHaveProperty('name');

  await userEvent.type(screen.getByTestId('user-search'), 'bo');
  await waitFor(() => expect(calls.at(-1)!.params).toMatchObject({ name: 'bo' }));
  await waitFor(() => expect(within(table).queryByText('Alice')).not.toBeInTheDocument());
  await userEvent.clear(screen.getByTestId('user-search'));
  // Back to the unfiltered list (answered from the cache: the first call, without a name), and an
  // empty name is never sent.
  await within(table).findByText('Alice');
  expect(calls.filter((c) => c.params && 'name' in c.params && !c.params.name)).toHaveLength(0);
});

test('create: browser validation, then a taken email shows on the email field with the values kept', async () => {
  const calls = server([client('a', 'Alice', 'alice@example.com')]);
  admin();
  renderListScreen(<UserListScreen />);
  const form = await submitEmpty('user-create', 'user-form', ['Name', 'Password']);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await userEvent.type(within(form).getByTestId('user-name'), 'Carol');
  await userEvent.type(within(form).getByTestId('user-email'), 'alice@example.com');
  await userEvent.type(within(form).getByTestId('user-password'), 'Carol-pass-1');
  await userEvent.type(within(form).getByTestId('user-domain'), 'carol.example.com');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('This email is already used by another account')).toBeInTheDocument();
  expect(within(form).getByTestId('user-name')).toHaveValue('Carol');

  await userEvent.clear(within(form).getByTestId('user-email'));
  await userEvent.type(within(form).getByTestId('user-email'), 'carol@example.com');
  await userEvent.click(within(form).getByTestId('submit-button'));
  await within(await screen.findByTestId('users-table')).findByText('Carol');
  expect(calls.filter((c) => c.method === 'POST').at(-1)!.data).toEqual({
    name: 'Carol',
    email: 'carol@example.com',
    password: 'Carol-pass-1',
    domain: 'carol.example.com',
  });
});

test('edit sends name, email and domain, never a password; delete asks first', async () => {
  const calls = server([client('a', 'Alice', 'alice@example.com')]);
  admin();
  renderListScreen(<UserListScreen />);
  const table = await screen.findByTestId('users-table');
  await within(table).findByText('Alice');
  await userEvent.click(within(table).getByTestId('user-edit-button'));
  const form = await screen.findByTestId('user-form');
  expect(within(form).queryByTestId('user-password')).not.toBeInTheDocument();
  await userEvent.clear(within(form).getByTestId('user-name'));
  await userEvent.type(within(form).getByTestId('user-name'), 'Alicia');
  await userEvent.click(within(form).getByTestId('submit-button'));
  await within(table).findByText('Alicia');
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.data).toEqual({ name: 'Alicia', email: 'alice@example.com', domain: 'a.example.com' });

  await userEvent.click(within(table).getByTestId('user-delete-button'));
  const dialog = await screen.findByTestId('user-delete-dialog');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(within(table).queryByText('Alicia')).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/admin/users/a');
});
