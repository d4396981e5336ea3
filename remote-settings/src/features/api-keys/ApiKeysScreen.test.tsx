import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey } from 'contracts';
import ApiKeysScreen from './ApiKeysScreen';
import { fakeApi, initTestI18n, makeUser, renderListScreen, signInAs } from '../websites/test-utils';

beforeAll(() => initTestI18n());

const KEY = `spk_${'x'.repeat(43)}`;

function server() {
  let rows: ApiKey[] = [
    {
      _id: 'k1',
      name: 'Back office',
      prefix: 'spk_abcdefgh',
      permissions: ['get_people'],
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
      createdBy: 'Ada',
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    },
  ];
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/api-keys') return { status: 200, data: { data: rows } };
    if (call.method === 'POST' && call.url === '/api/api-keys') {
      const body = call.data as { name: string; permissions: string[] };
      const row: ApiKey = { ...rows[0], _id: 'k2', name: body.name, permissions: body.permissions, prefix: KEY.slice(0, 12) };
      rows = [row, ...rows];
      return { status: 201, data: { message: 'API key made. Copy it now: it is shown only once', data: row, key: KEY } };
    }
    if (call.method === 'DELETE' && call.url === '/api/api-keys/k1') {
      rows = rows.map((r) => (r._id === 'k1' ? { ...r, status: 'revoked', revokedAt: new Date().toISOString() } : r));
      return { status: 200, data: { message: 'API key revoked' } };
    }
    return undefined;
  });
  signInAs(makeUser(['get_apiKeys', 'create_apiKeys', 'delete_apiKeys', 'get_people', 'get_webhooks']));
  return calls;
}

test('lists keys by their prefix, makes one with permissions the user holds and shows it once', async () => {
  const calls = server();
  renderListScreen(<ApiKeysScreen />);
  const table = await screen.findByTestId('api-keys-table');
  expect(within(table).getByText('Back office')).toBeInTheDocument();
  expect(within(table).getByText('spk_abcdefgh…')).toBeInTheDocument();
  expect(within(table).getByText('Never')).toBeInTheDocument();

  await userEvent.click(screen.getByTestId('add-api-key'));
  const form = await screen.findByTestId('api-key-form');
  // Only what the user holds is offered, and never the key permissions themselves.
  expect(within(form).queryByTestId('api-key-permission-delete_people')).not.toBeInTheDocument();
  expect(within(form).queryByTestId('api-key-permission-create_apiKeys')).not.toBeInTheDocument();
  await userEvent.type(within(form).getByTestId('api-key-name'), 'Orders');
  await userEvent.click(within(within(form).getByTestId('api-key-permission-get_people')).getByRole('checkbox'));
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await screen.findByTestId('api-key-secret')).toHaveTextContent(KEY);
  expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ name: 'Orders', permissions: ['get_people'] });
  await userEvent.click(screen.getByTestId('api-key-hide'));
  expect(screen.queryByText(KEY)).not.toBeInTheDocument();
});

test('revokes a key after confirmation', async () => {
  server();
  renderListScreen(<ApiKeysScreen />);
  await userEvent.click(await screen.findByTestId('revoke-api-key-Back office'));
  const dialog = await screen.findByTestId('revoke-api-key-dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(screen.getByText('Revoked')).toBeInTheDocument());
  expect(screen.queryByTestId('revoke-api-key-Back office')).not.toBeInTheDocument();
});
