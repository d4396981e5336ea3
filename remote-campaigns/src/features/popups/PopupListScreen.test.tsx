import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import type { CampaignRow } from 'contracts';
import { fakeApi, initTestI18n, listRow, makeUser, paged, renderScreen, signInAs, type Call, savedPopup } from '../../test/test-utils';
import PopupListScreen from './PopupListScreen';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

beforeAll(() => initTestI18n());
jest.setTimeout(scaled(20_000));

const row = (id: string, title: string, extra: Partial<CampaignRow> = {}): CampaignRow =>
  listRow({
    _id: id,
    title,
    sender: 'Ada',
    position: 'topR',
    priority: 'normal',
    style: 'medium',
    groups: [{ _id: 'g1', name: 'VIP customers' }],
    tag: { _id: 't1', name: 'Spring', color: '#ff0000' },
    ...extra,
  });

const SPRING = '44444444-4444-4444-8444-444444444444';

/** The list beside one workspace (Spring), its create route showing the workspace the editor opens in. */
function renderWithEditor() {
  signInAs(makeUser(['get_posts', 'create_posts']));
  const workspaces = [{ _id: SPRING, name: 'Spring', icon: 'folder', service: 'popup', createdAt: '2025-01-01T00:00:00.000Z' }];
  fakeApi((call) => (call.method === 'GET' && call.url === '/api/workspaces' ? paged(workspaces) : call.method === 'GET' ? paged([]) : undefined));
  function Editor() {
    return <p>editor in {useParams().id}</p>;
  }
  renderScreen(
    <MemoryRouter initialEntries={['/posts']}>
      <Routes>
        <Route path="/posts" element={<PopupListScreen />} />
        <Route path="/posts/:id/create" element={<Editor />} />
        <Route path="/posts/create" element={<p>editor in no workspace</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function renderList(permissions: Parameters<typeof makeUser>[0], handler: (call: Call) => { status: number; data: unknown } | undefined = () => undefined) {
  signInAs(makeUser(permissions));
  let rows = [row('p1', 'Welcome'), row('p2', 'Survey'), row('p3', 'Sale', { status: 'cancelled' })];
  const calls = fakeApi((call) => {
    const own = handler(call);
    if (own) return own;
    if (call.method === 'GET' && call.url === '/api/popups') return paged(rows);
    if (call.method === 'GET' && ['/api/workspaces', '/api/tags', '/api/senders'].includes(call.url)) return paged([]);
    if (call.method === 'DELETE' && call.url === '/api/popups') {
      const ids = (call.data as { popups: string[] }).popups;
      rows = rows.filter((r) => !ids.includes(r._id));
      return { status: 200, data: { message: 'Popups deleted successfully' } };
    }
    if (call.method === 'PUT' && call.url === '/api/popups/duplicate/p1') {
      rows = [row('p4', 'Welcome (copy)', { status: 'draft' }), ...rows];
      return { status: 201, data: { message: 'Popup duplicated successfully', data: savedPopup() } };
    }
    return undefined;
  });
  renderScreen(
    <MemoryRouter>
      <PopupListScreen />
    </MemoryRouter>,
  );
  return calls;
}

const table = () => screen.getByTestId('popups-table');
const rowOf = (title: string) =>
  within(table())
    .getAllByRole('row')
    .find((r) => within(r).queryByText(title, { exact: true }))!;

describe('PopupListScreen', () => {
  it('shows the list columns, Id and Domain hidden until toggled, and asks the list call with paging and newest first', async () => {
    const calls = renderList(['get_posts']);
    expect(await within(table()).findByText('Welcome')).toBeInTheDocument();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    for (const name of ['Title', 'Sender', 'Position', 'Status', 'Priority', 'Groups', 'Audiences', 'Tag', 'Devices', 'Created at', 'Action'])
      expect(headers).toContain(name);
    expect(headers).not.toContain('Id');
    expect(headers).not.toContain('Domain');
    expect(within(rowOf('Welcome')).getByText('Top right')).toBeInTheDocument();
    expect(within(rowOf('Welcome')).getByText('VIP customers')).toBeInTheDocument();
    const list = calls.find((c) => c.url === '/api/popups')!;
    expect(list.params).toMatchObject({ page: 1, pageSize: 10, orderBy: 'createdAt', order: 'desc' });
  });

  it('shows only the actions the ability allows', async () => {
    renderList(['get_posts']);
    await within(table()).findByText('Welcome');
    expect(within(rowOf('Welcome')).getByTestId('row-view')).toBeInTheDocument();
    expect(within(rowOf('Welcome')).getByTestId('row-feedback')).toBeInTheDocument();
    expect(within(rowOf('Welcome')).getByTestId('row-export')).toBeInTheDocument();
    for (const id of ['row-edit', 'row-duplicate', 'row-cancel', 'row-delete']) expect(within(rowOf('Welcome')).queryByTestId(id)).not.toBeInTheDocument();
    expect(screen.queryByTestId('popups-create')).not.toBeInTheDocument();
  });

  it('filters by status and by title', async () => {
    const calls = renderList(['get_posts']);
    await within(table()).findByText('Welcome');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('filter-status'), 'draft');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/popups' && c.params?.status === 'draft')).toBe(true));
    await user.type(screen.getByTestId('list-search'), 'Wel');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/popups' && c.params?.titleOfPopup === 'Wel')).toBe(true));
  });

  it('duplicates after confirming, announces it and shows the copy; a cancelled popup offers no cancel', async () => {
    const calls = renderList(['get_posts', 'duplicate_posts', 'cancel_posts']);
    await within(table()).findByText('Welcome');
    expect(within(rowOf('Sale')).queryByTestId('row-cancel')).not.toBeInTheDocument();
    expect(within(rowOf('Welcome')).getByTestId('row-cancel')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(rowOf('Welcome')).getByTestId('row-duplicate'));
    const dialog = await screen.findByTestId('duplicate-dialog');
    await user.click(within(dialog).getByTestId('confirm-button'));
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('Popup Welcome duplicated');
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/popups/duplicate/p1')).toBe(true);
    expect(await within(table()).findByText('Welcome (copy)')).toBeInTheDocument();
  });

  it('asks before cancelling with two buttons that cannot be confused: "Keep it" and "Cancel campaign"', async () => {
    const calls = renderList(['get_posts', 'cancel_posts']);
    await within(table()).findByText('Welcome');
    const user = userEvent.setup();
    await user.click(within(rowOf('Welcome')).getByTestId('row-cancel'));
    const dialog = await screen.findByTestId('cancel-dialog');
    expect(within(dialog).getByTestId('confirm-button')).toHaveTextContent('Cancel campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByTestId('cancel-dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('bulk-deletes the selected rows after confirming', async () => {
    const calls = renderList(['get_posts', 'delete_posts']);
    await within(table()).findByText('Welcome');
    const user = userEvent.setup();
    await user.click(within(rowOf('Welcome')).getByRole('checkbox'));
    await user.click(within(rowOf('Survey')).getByRole('checkbox'));
    await user.click(await screen.findByTestId('popups-bulk-delete'));
    const dialog = await screen.findByTestId('bulk-delete-dialog');
    expect(dialog).toHaveTextContent('Delete 2 popups?');
    await user.click(within(dialog).getByTestId('confirm-button'));
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('2 popups deleted');
    expect(calls.find((c) => c.method === 'DELETE')?.data).toEqual({ popups: ['p1', 'p2'] });
    await waitFor(() => expect(within(table()).queryByText('Welcome')).not.toBeInTheDocument());
    expect(within(table()).getByText('Sale')).toBeInTheDocument();
  });

  it('creating never needs a workspace: under "All workspaces" the editor opens in none (/posts/create, no "none" in the address)', async () => {
    renderWithEditor();
    const user = userEvent.setup();
    // With workspaces existing, "All workspaces" still does not slip the item into the first one.
    await screen.findByTestId('workspace-Spring');
    await user.click(screen.getByTestId('popups-create'));
    expect(await screen.findByText('editor in no workspace')).toBeInTheDocument();
    expect(screen.queryByTestId('new-workspace-dialog')).not.toBeInTheDocument();
  });

  it('creating in the workspace chosen in the side list', async () => {
    renderWithEditor();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('workspace-Spring'));
    await user.click(screen.getByTestId('popups-create'));
    expect(await screen.findByText(`editor in ${SPRING}`)).toBeInTheDocument();
  });

  it('filters the list by the workspace chosen in the side list', async () => {
    const WS = '55555555-5555-4555-8555-555555555555';
    const calls = renderList(['get_posts'], (call) =>
      call.method === 'GET' && call.url === '/api/workspaces'
        ? paged([{ _id: WS, name: 'Spring', icon: 'star', service: 'popup', createdAt: '2025-01-01T00:00:00.000Z' }])
        : undefined,
    );
    await within(table()).findByText('Welcome');
    await userEvent.setup().click(await screen.findByTestId('workspace-Spring'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/popups' && c.params?.workSpace === WS)).toBe(true));
    expect(calls.find((c) => c.url === '/api/workspaces')?.params).toMatchObject({ page: 1, pageSize: 100, service: 'popup' });
  });
});
