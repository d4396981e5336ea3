import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi, initTestI18n, listRow, makeUser, paged, renderScreen, signInAs, savedPushNotification } from '../../test/test-utils';
import PushListScreen from './PushListScreen';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

beforeAll(() => initTestI18n());
jest.setTimeout(scaled(20_000));

const row = listRow({ _id: 'n1', title: 'Back in stock' });

it('cancels with PATCH …/cancel/{id} and deletes one row through the list delete call, each confirmed and announced', async () => {
  signInAs(makeUser(['cancel_pushNotification', 'delete_pushNotification']));
  const calls = fakeApi((call) => {
    if (call.method === 'GET') return call.url === '/api/push-notification' ? paged([row]) : paged([]);
    if (call.method === 'PATCH' && call.url === '/api/push-notification/cancel/n1')
      return { status: 200, data: { message: 'Push notification cancelled successfully', data: savedPushNotification() } };
    if (call.method === 'DELETE' && call.url === '/api/push-notification') return { status: 200, data: { message: 'Push notifications deleted successfully' } };
    return undefined;
  });
  renderScreen(
    <MemoryRouter>
      <PushListScreen />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  const table = screen.getByTestId('push-table');
  await within(table).findByText('Back in stock');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(headers).not.toContain('Position');
  expect(headers).toContain('Devices');
  // The push routes need no permission, but the actions follow the pushNotification permissions.
  expect(screen.queryByTestId('push-create')).not.toBeInTheDocument();

  expect(within(table).queryByTestId('row-duplicate')).not.toBeInTheDocument();
  await user.click(within(table).getByTestId('row-cancel'));
  await user.click(within(await screen.findByTestId('cancel-dialog')).getByTestId('confirm-button'));
  expect(await screen.findByTestId('toast-success')).toHaveTextContent('Push notification Back in stock cancelled');
  expect(calls.some((c) => c.method === 'PATCH')).toBe(true);

  await user.click(within(table).getByTestId('row-delete'));
  await user.click(within(await screen.findByTestId('delete-dialog')).getByTestId('confirm-button'));
  await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.data).toEqual({ notifications: ['n1'] }));
});
