import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from 'contracts';
import AuditLogScreen from './AuditLogScreen';
import { fakeApi, initTestI18n, makeUser, paged, renderListScreen, signInAs } from '../websites/test-utils';

beforeAll(() => initTestI18n());

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: 'e1',
  action: 'content.published',
  objectType: 'popup',
  objectId: 'p1',
  objectLabel: null,
  websiteId: 'w1',
  actor: { _id: 'u1', email: 'ada@example.test' },
  address: '203.0.113.7',
  details: {},
  createdAt: '2026-11-29T10:00:00.000Z',
  ...over,
});

function server() {
  const rows = [
    entry({}),
    entry({ _id: 'e2', action: 'role.updated', objectType: 'role', objectId: 'r1', objectLabel: 'Editor', actor: { _id: 'u2', email: 'bo@example.test' } }),
  ];
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/audit-log') {
      const { action, actor } = call.params ?? {};
      return paged(rows.filter((r) => (!action || r.action === action) && (!actor || r.actor._id === actor)));
    }
    return undefined;
  });
  signInAs(makeUser(['get_auditLog']));
  return calls;
}

test('lists who did what, filters by action, by a member (from a row) and by days, all sent to the API', async () => {
  const calls = server();
  renderListScreen(<AuditLogScreen />);
  const table = await screen.findByTestId('audit-log-table');
  expect(await within(table).findByText('Content published', { selector: 'span' })).toBeInTheDocument();
  expect(within(table).getByText('Role changed', { selector: 'span' })).toBeInTheDocument();
  expect(within(table).getByText('Editor')).toBeInTheDocument();
  expect(within(table).getAllByText('203.0.113.7').length).toBeGreaterThan(0);

  await userEvent.selectOptions(screen.getByTestId('audit-action-filter'), 'role.updated');
  await waitFor(() => expect(within(table).queryByText('Content published', { selector: 'span' })).not.toBeInTheDocument());
  expect(calls.at(-1)?.params).toMatchObject({ action: 'role.updated' });

  await userEvent.click(screen.getByTestId('audit-clear-filters'));
  await userEvent.click((await within(table).findAllByText('ada@example.test'))[0]);
  await waitFor(() => expect(within(table).queryByText('Role changed', { selector: 'span' })).not.toBeInTheDocument());
  expect(calls.at(-1)?.params).toMatchObject({ actor: 'u1' });

  await userEvent.type(screen.getByTestId('audit-from'), '2026-11-01');
  await waitFor(() => expect(calls.at(-1)?.params?.from).toBe(new Date('2026-11-01T00:00:00').toISOString()));
});
