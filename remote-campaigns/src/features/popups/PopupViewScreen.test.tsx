import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultPopup, defaultBlock } from 'contracts';
import { initTestI18n, makeUser, optionLists, renderRoutes, savedMeta, type Call } from '../../test/test-utils';
import PopupViewScreen from './PopupViewScreen';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

beforeAll(() => initTestI18n());
jest.setTimeout(scaled(20_000));

const ID = '33333333-3333-4333-8333-333333333333';
const saved = {
  ...defaultPopup(null),
  titleOfPopup: { ...defaultPopup().titleOfPopup, label: 'Welcome' },
  content: [
    { id: 'p1', content: [{ ...defaultBlock('text', 'b1'), text: 'First page' }] },
    { id: 'p2', content: [{ ...defaultBlock('question', 'b2'), question: 'How are you?' }] },
  ],
  rules: { displayTime: 42000 },
  ...savedMeta(ID),
  reactCount: 2,
  commentCount: 1,
};

function renderView(permissions: Parameters<typeof makeUser>[0], handler: (call: Call) => { status: number; data: unknown } | undefined) {
  return renderRoutes({
    permissions,
    handler: (call) => optionLists(call) ?? handler(call),
    at: `/posts/${ID}/view`,
    routes: { '/posts/:id/view': <PopupViewScreen /> },
  });
}

describe('PopupViewScreen', () => {
  it('shows the saved popup read-only, seconds from milliseconds, and still pages through it', async () => {
    renderView(['get_posts'], (call) => (call.url === `/api/popups/${ID}` ? { status: 200, data: { data: saved } } : undefined));
    const title = await screen.findByTestId('field-title');
    expect(title).toHaveValue('Welcome');
    expect(title).toBeDisabled();
    expect(screen.getByTestId('field-display-time')).toHaveValue(42);
    expect(screen.queryByTestId('editor-submit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('view-edit')).not.toBeInTheDocument();
    const visitorPopup = () => screen.getByTestId('popup-preview').querySelector('signpost-popup')?.shadowRoot;
    expect(visitorPopup()).toHaveTextContent('First page');
    // fireEvent: user-event counts everything inside a disabled fieldset as disabled, where browsers
    // disable only its form controls (the page tabs are not).
    fireEvent.click(screen.getByTestId('page-tab-2'));
    expect(screen.getByTestId('block-question')).toHaveValue('How are you?');
    expect(visitorPopup()).toHaveTextContent('How are you?');
    expect(screen.getByTestId('view-feedback')).toHaveTextContent('Comments (1) and reactions (2)');
    // Nothing that changes the structure is offered read-only (no red remove buttons).
    for (const id of ['page-add', 'page-remove', 'block-remove', 'add-block-text']) expect(screen.queryByTestId(id)).not.toBeInTheDocument();
  });

  it('offers no Edit for a popup that does not exist', async () => {
    renderView(['get_posts', 'update_posts'], (call) => (call.url === `/api/popups/${ID}` ? { status: 404, data: { message: 'Popup not found' } } : undefined));
    expect(await screen.findByTestId('editor-not-found')).toBeInTheDocument();
    expect(screen.queryByTestId('view-edit')).not.toBeInTheDocument();
  });

  it("offers Edit to those who may update, and 'No surveys found' when there is nothing to export", async () => {
    renderView(['get_posts', 'update_posts'], (call) => {
      if (call.url === `/api/popups/${ID}`) return { status: 200, data: { data: saved } };
      if (call.url === `/api/export/${ID}`)
        return { status: 404, data: new Blob([JSON.stringify({ message: 'No surveys found' })], { type: 'application/json' }) };
      return undefined;
    });
    expect(await screen.findByTestId('view-edit')).toHaveAttribute('href', `/posts/${ID}/update`);
    await userEvent.setup().click(await screen.findByTestId('view-export'));
    // One library notification: preparing, then what happened.
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('No surveys found');
    expect(screen.queryByText('Preparing the form answers…')).not.toBeInTheDocument();
  });

  it('opens the comments and reactions of the popup, filtered by emoji', async () => {
    const calls = renderView(['get_posts'], (call) => {
      if (call.url === `/api/popups/${ID}`) return { status: 200, data: { data: saved } };
      const meta = { totalDocs: 1, page: 1, limit: 10, hasMore: false, nextPage: null };
      if (call.url === `/api/popups/${ID}/comments`)
        return {
          status: 200,
          data: {
            docs: [{ _id: 'c1', visitorId: '3f2a9c1e-0000-4000-8000-000000000001', visitorName: null, body: 'Lovely!', createdAt: '2025-01-02T00:00:00.000Z' }],
            meta,
          },
        };
      if (call.url === `/api/popups/${ID}/count-reacts`) return { status: 200, data: { data: [{ emoji: '👍', count: 2 }], total: 2 } };
      if (call.url === `/api/popups/${ID}/reacts`)
        return {
          status: 200,
          data: { docs: [{ _id: 'r1', visitorId: 'v-2', visitorName: 'Ada Lovelace', emoji: '👍', createdAt: '2025-01-02T00:00:00.000Z' }], meta },
        };
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('view-feedback'));
    const dialog = await screen.findByTestId('feedback-dialog');
    expect(await within(dialog).findByText('Lovely!')).toBeInTheDocument();
    // An anonymous visitor by the start of their id, not the whole UUID; an identified one by name.
    expect(within(dialog).getByText('Visitor 3f2a…')).toBeInTheDocument();
    expect(within(dialog).queryByText(/3f2a9c1e-0000/)).toBeNull();
    await user.click(within(dialog).getByTestId('feedback-reactions-tab'));
    await user.click(await within(dialog).findByRole('button', { name: /👍/ }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/popups/${ID}/reacts` && c.params?.emoji === '👍')).toBe(true));
    expect(await within(dialog).findByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('says when the popup does not exist or is of another website', async () => {
    renderView(['get_posts'], (call) => (call.url === `/api/popups/${ID}` ? { status: 404, data: { message: 'Popup not found' } } : undefined));
    expect(await screen.findByTestId('editor-not-found')).toHaveTextContent('Not found');
  });
});
