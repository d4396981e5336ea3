import { act, screen, waitFor, within } from '@testing-library/react';
import { toaster } from 'shared-ui';
import userEvent from '@testing-library/user-event';
import type { Invitation, Permission } from 'contracts';
import InvitationListScreen from './InvitationListScreen';
import { fakeApi, initTestI18n, makeUser, paged, renderListScreen, signInAs, submitEmpty } from '../websites/test-utils';

beforeAll(() => initTestI18n());

/** Invitation ids are UUIDs (the browser checks answers against the contract). */
const A1 = 'a1a1a1a1-0000-4000-8000-000000000001';
const A2 = 'a2a2a2a2-0000-4000-8000-000000000002';
const EDITOR = { _id: '11111111-1111-4111-8111-111111111111', name: 'Editor' };
const row = (id: string, email: string, status: Invitation['status'] = 'pending'): Invitation => ({
  _id: id,
  email,
  role: EDITOR,
  status,
  expired: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2025-03-08T10:00:00.000Z',
});

/** An in-memory organisation's invitations, with the API's rules (409 for a member). */
function server(permissions: Permission[] = ['get_invitations', 'create_invitations']) {
  let invitations = [row(A1, 'ann@example.com', 'accepted'), row(A2, 'bob@example.com')];
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/invitations/sent') {
      const search = call.params?.search as string | undefined;
      return paged(search ? invitations.filter((i) => i.email.includes(search)) : invitations);
    }
    if (call.method === 'GET' && call.url === '/api/roles') return paged([{ ...EDITOR, permissions: ['get_posts'], createdAt: '2025-01-01T00:00:00.000Z' }]);
    if (call.method === 'POST' && call.url === '/api/invitations') {
      const body = call.data as { email: string; roleId: string };
      if (body.email === 'ann@example.com')
        return {
          status: 409,
          data: { message: 'This person is already a member of your organisation', errors: { email: 'This person is already a member of your organisation' } },
        };
      const created = row(`00000000-0000-4000-8000-00000000000${invitations.length}`, body.email);
      invitations = [created, ...invitations];
      return { status: 201, data: { message: 'successfully sent', data: created } };
    }
    if (call.method === 'POST' && call.url === '/api/users/org') {
      const body = call.data as { email: string };
      if (body.email === 'ann@example.com')
        return {
          status: 409,
          data: { message: 'This person is already a member of your organisation', errors: { email: 'This person is already a member of your organisation' } },
        };
      return { status: 201, data: { message: 'Done: the new member can sign in now, unless this address already had a Signpost account elsewhere' } };
    }
    if (call.method === 'DELETE' && call.url === '/api/invitations') {
      const ids = (call.data as { invitations: string[] }).invitations;
      invitations = invitations.filter((i) => !ids.includes(i._id));
      return { status: 200, data: { message: 'Invitations deleted successfully' } };
    }
    if (call.method === 'DELETE' && call.url.startsWith('/api/invitations/')) {
      invitations = invitations.filter((i) => `/api/invitations/${i._id}` !== call.url);
      return { status: 200, data: { message: 'Invitation deleted successfully' } };
    }
    return undefined;
  });
  signInAs(makeUser(permissions));
  return { calls, invitations: () => invitations };
}

test('lists the sent invitations with role and status; no invite nor delete without create_invitations; search sent only when non-empty', async () => {
  const { calls } = server(['get_invitations']);
  renderListScreen(<InvitationListScreen />);
  const table = await screen.findByTestId('invitations-table');
  const bob = (await within(table).findByText('bob@example.com')).closest('tr')!;
  expect(within(bob).getByText('Editor')).toBeInTheDocument();
  expect(within(bob).getByTestId('invitation-status-pending')).toHaveTextContent('Pending');
  expect(screen.queryByTestId('invite-button')).not.toBeInTheDocument();
  expect(screen.queryByTestId('delete-invitation-bob@example.com')).not.toBeInTheDocument();
  const lists = () => calls.filter((c) => c.url === '/api/invitations/sent');
  expect(lists()[0].params).not.toHaveProperty('search');
  await userEvent.type(screen.getByTestId('invitation-search'), 'bob');
  await waitFor(() => expect(lists().at(-1)!.params).toMatchObject({ search: 'bob', page: 1 }));
  await waitFor(() => expect(within(table).queryByText('ann@example.com')).not.toBeInTheDocument());
});

test('invite: browser validation, a member shows the server message on the email field, then a new address is sent', async () => {
  const { calls } = server();
  renderListScreen(<InvitationListScreen />);
  const form = await submitEmpty('invite-button', 'invitation-form', ['E-mail', 'Role']);
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await userEvent.type(within(form).getByRole('textbox'), 'ann@example.com');
  const select = within(form).getByTestId('invitation-role');
  await waitFor(() => expect(within(select).getByText('Editor')).toBeInTheDocument());
  await userEvent.selectOptions(select, EDITOR._id);
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('This person is already a member of your organisation')).toBeInTheDocument();

  // One toast at a time: clear the error toast so the success one shows at once.
  act(() => toaster.remove());
  const input = within(form).getByRole('textbox');
  await userEvent.clear(input);
  await userEvent.type(input, 'new@example.com');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await screen.findByText('successfully sent')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').at(-1)!.data).toEqual({ email: 'new@example.com', roleId: EDITOR._id });
  expect(await within(screen.getByTestId('invitations-table')).findByText('new@example.com')).toBeInTheDocument();
});

test('delete one (confirmed) and delete the selected ones (bulk, confirmed)', async () => {
  const { calls, invitations } = server();
  renderListScreen(<InvitationListScreen />);
  const table = await screen.findByTestId('invitations-table');
  await userEvent.click(await within(table).findByTestId('delete-invitation-bob@example.com'));
  const dialog = await screen.findByTestId('delete-invitation-dialog');
  await userEvent.click(within(dialog).getByTestId('confirm-button'));
  expect(await screen.findByText('Invitation deleted successfully')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/invitations/${A2}`)).toBe(true);
  await waitFor(() => expect(within(table).queryByText('bob@example.com')).not.toBeInTheDocument());

  act(() => toaster.remove());
  const annRow = within(table).getByText('ann@example.com').closest('tr')!;
  await userEvent.click(within(annRow).getByRole('checkbox'));
  await userEvent.click(await screen.findByTestId('delete-selected-invitations'));
  const bulk = await screen.findByTestId('delete-invitations-dialog');
  await userEvent.click(within(bulk).getByTestId('confirm-button'));
  expect(await screen.findByText('Invitations deleted successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'DELETE' && c.url === '/api/invitations')!.data).toEqual({ invitations: [A1] });
  expect(invitations()).toEqual([]);
});

test('add member (create_user only): browser validation, the server e-mail message on its field with the typed values kept, then the teammate is added with the chosen role', async () => {
  const { calls } = server(['get_invitations', 'create_user']);
  renderListScreen(<InvitationListScreen />);
  expect(screen.queryByTestId('invite-button')).not.toBeInTheDocument();
  const form = await submitEmpty('add-member-button', 'add-member-form', ['Name', 'Role']);
  await userEvent.type(within(form).getByTestId('member-name'), 'Ann');
  await userEvent.type(within(form).getByTestId('member-email'), 'ann@example.com');
  await userEvent.type(within(form).getByTestId('member-password'), 'Secret-pass-1');
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Editor' })).toBeInTheDocument());
  await userEvent.selectOptions(within(form).getByTestId('member-role'), EDITOR._id);
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('This person is already a member of your organisation')).toBeInTheDocument();
  expect(within(form).getByTestId('member-name')).toHaveValue('Ann');
  await userEvent.clear(within(form).getByTestId('member-email'));
  await userEvent.type(within(form).getByTestId('member-email'), 'ann.new@example.com');
  await userEvent.click(within(form).getByTestId('submit-button'));
  await waitFor(() => expect(screen.queryByTestId('add-member-form')).not.toBeInTheDocument());
  const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/users/org');
  expect(posts.at(-1)!.data).toEqual({ name: 'Ann', email: 'ann.new@example.com', password: 'Secret-pass-1', roles: [EDITOR._id] });
  expect(
    await screen.findByText(
      'Ann can sign in now, unless ann.new@example.com already had a Signpost account elsewhere: its holder has then been told by e-mail',
    ),
  ).toBeInTheDocument();
});
