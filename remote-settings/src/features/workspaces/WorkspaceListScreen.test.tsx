import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Workspace } from 'contracts';
import WorkspaceListScreen from './WorkspaceListScreen';
import { fakeApi, initTestI18n, makeUser, paged, renderListScreen, signInAs } from '../websites/test-utils';

beforeAll(() => initTestI18n());

function server() {
  let rows: Workspace[] = [{ _id: 'a', name: 'Onboarding', icon: 'rocket', service: 'popup', createdAt: '2025-01-01T00:00:00.000Z' }];
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/workspaces') {
      const service = call.params?.service;
      return paged(service ? rows.filter((r) => r.service === service) : rows);
    }
    if (call.method === 'POST' && call.url === '/api/workspaces') {
      const row = { _id: `ws${rows.length}`, ...(call.data as Omit<Workspace, '_id' | 'createdAt'>), createdAt: new Date().toISOString() };
      rows = [row, ...rows];
      return { status: 201, data: { message: 'Workspace created successfully', data: row } };
    }
    if (call.method === 'DELETE') {
      rows = rows.filter((r) => call.url !== `/api/workspaces/${r._id}`);
      return { status: 200, data: { message: 'Workspace deleted successfully' } };
    }
    return undefined;
  });
  signInAs(makeUser(['create_workspaces', 'delete_workspaces']));
  return calls;
}

test('lists 100 at a time, filters by service, creates with name, icon and service', async () => {
  const calls = server();
  renderListScreen(<WorkspaceListScreen />);
  const table = await screen.findByTestId('workspaces-table');
  expect(await within(table).findByText('Onboarding')).toBeInTheDocument();
  expect(within(table).getByText('Popups', { selector: 'span' })).toBeInTheDocument();
  expect(calls[0].params).toMatchObject({ page: 1, pageSize: 100, order: 'desc' });

  await userEvent.selectOptions(screen.getByTestId('workspace-service-filter'), 'banner');
  await waitFor(() => expect(within(table).queryByText('Onboarding')).not.toBeInTheDocument());
  expect(calls.at(-1)?.params).toMatchObject({ service: 'banner' });

  await userEvent.click(screen.getByTestId('add-workspace'));
  const form = await screen.findByTestId('new-workspace-dialog');
  // Opened on the filtered service.
  expect(within(form).getByTestId('workspace-service')).toHaveValue('banner');
  await userEvent.selectOptions(within(form).getByTestId('workspace-service'), '');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('Please enter Name')).toBeInTheDocument();
  expect(within(form).getByText('Please choose a service')).toBeInTheDocument();

  await userEvent.type(within(form).getByRole('textbox', { name: /Name/ }), 'Promos');
  await userEvent.selectOptions(within(form).getByTestId('workspace-icon'), 'star');
  await userEvent.selectOptions(within(form).getByTestId('workspace-service'), 'banner');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(table).findByText('Promos')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ name: 'Promos', icon: 'star', service: 'banner' });
});

test('deletes a workspace after confirmation', async () => {
  server();
  renderListScreen(<WorkspaceListScreen />);
  await userEvent.click(await screen.findByTestId('delete-workspace-Onboarding'));
  const dialog = await screen.findByTestId('delete-workspace-dialog');
  await act(() => userEvent.click(within(dialog).getByTestId('confirm-button')));
  expect(await screen.findByTestId('toast-success')).toHaveTextContent('Workspace deleted successfully');
  await waitFor(() => expect(within(screen.getByTestId('workspaces-table')).queryByText('Onboarding')).not.toBeInTheDocument());
});
