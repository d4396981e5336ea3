import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Workspace } from 'contracts';
import { fakeApi, initTestI18n, renderScreen, signInAs, userWith } from 'shared-content/testing';
import { NewWorkspaceDialog } from './NewWorkspaceDialog';
import { WorkspaceSideList } from './WorkspaceSideList';

beforeAll(() => initTestI18n({}));

const onboarding: Workspace = { _id: 'a', name: 'Onboarding', icon: 'rocket', service: 'popup', createdAt: '2025-01-01T00:00:00.000Z' };

test("a service's side list creates in its own service without asking for one", async () => {
  const calls = fakeApi((call) => {
    if (call.method === 'POST' && call.url === '/api/workspaces') {
      const row = { _id: 'ws1', ...(call.data as Omit<Workspace, '_id' | 'createdAt'>), createdAt: '2025-01-02T00:00:00.000Z' };
      return { status: 201, data: { message: 'Workspace created successfully', data: row } };
    }
    return undefined;
  });
  signInAs(userWith(['create_workspaces']));
  const onCreated = jest.fn();
  renderScreen(<NewWorkspaceDialog open service="banner" onClose={() => {}} onCreated={onCreated} />);
  const dialog = await screen.findByTestId('new-workspace-dialog');
  expect(within(dialog).queryByTestId('workspace-service')).not.toBeInTheDocument();

  await userEvent.click(within(dialog).getByTestId('submit-button'));
  expect(await within(dialog).findByText('Please enter Name')).toBeInTheDocument();

  await userEvent.type(within(dialog).getByTestId('new-workspace-name'), 'Promos');
  await userEvent.selectOptions(within(dialog).getByTestId('workspace-icon'), 'star');
  await userEvent.click(within(dialog).getByTestId('submit-button'));
  expect(await screen.findByTestId('toast-success')).toHaveTextContent('Workspace Promos created');
  expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ name: 'Promos', icon: 'star', service: 'banner' });
  expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ _id: 'ws1', name: 'Promos' }));
});

test('the side list marks the chosen workspace and reports choices', async () => {
  const onChange = jest.fn();
  const onNew = jest.fn();
  renderScreen(<WorkspaceSideList workspaces={[onboarding]} loading={false} value="a" onChange={onChange} onNew={onNew} />);
  const list = await screen.findByTestId('workspace-side-list');
  expect(within(list).getByTestId('workspace-Onboarding')).toHaveAttribute('aria-current', 'page');
  expect(within(list).getByTestId('workspace-all')).not.toHaveAttribute('aria-current');
  await userEvent.click(within(list).getByTestId('workspace-all'));
  expect(onChange).toHaveBeenCalledWith('');
  await userEvent.click(within(list).getByTestId('workspace-new'));
  expect(onNew).toHaveBeenCalled();
});
