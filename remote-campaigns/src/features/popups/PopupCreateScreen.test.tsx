import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toaster } from 'shared-ui';
import userEvent from '@testing-library/user-event';
import { type Call, initTestI18n, optionLists, renderRoutes, savedPopup, TEST_GROUP, TEST_WORKSPACE } from '../../test/test-utils';
import { i18n } from 'shared-i18n';
import campaignsFr from '../../locales/fr/campaigns.json';
import PopupCreateScreen from './PopupCreateScreen';
import { scaled } from '../../../../tooling/test-time-scale.cjs';

const WS = TEST_WORKSPACE;
const GROUP = TEST_GROUP;

beforeAll(() => initTestI18n());

function renderCreate(handler: (call: Call) => { status: number; data: unknown } | undefined = () => undefined, workspace: string | null = WS) {
  return renderRoutes({
    permissions: ['get_posts', 'create_posts', 'get_group'],
    handler: (call) => optionLists(call) ?? handler(call),
    at: workspace ? `/posts/${workspace}/create` : '/posts/create',
    routes: { '/posts/:id/create': <PopupCreateScreen />, '/posts/create': <PopupCreateScreen />, '/posts': <p>popup list</p> },
  });
}

const preview = () => screen.getByTestId('popup-preview');
/** The website script's popup inside the preview (its shadow root), queried as a visitor would. */
const visitorPopup = () => {
  const root = preview().querySelector('signpost-popup')?.shadowRoot;
  if (!root) throw new Error('no popup drawn in the preview');
  return within(root as unknown as HTMLElement);
};

jest.setTimeout(scaled(20_000));

describe('PopupCreateScreen', () => {
  it.each([null, 'none'])('/posts/create (and an older link\'s "none" workspace: %s) creates the popup in no workspace', async (workspace) => {
    const calls = renderCreate(
      (call) => (call.method === 'POST' ? { status: 201, data: { message: 'Popup created successfully', data: {} } } : undefined),
      workspace,
    );
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-title'), 'Loose');
    await user.type(screen.getAllByTestId('block-text')[0], 'Hello');
    await user.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect((calls.find((c) => c.method === 'POST')!.data as { workspace: unknown }).workspace).toBeNull();
  });

  it("shows the visitor's texts in the preview language chosen, not the console's", async () => {
    i18n.addResourceBundle('fr', 'campaigns', campaignsFr);
    renderCreate();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('field-replay-type'), 'text');
    expect(screen.getByTestId('preview-language')).toHaveValue('en');
    // The visitor's comment box and its Send button, as the live popup draws them.
    expect(visitorPopup().getByRole('textbox', { name: 'Write a comment…' })).toBeInTheDocument();
    expect(visitorPopup().getByRole('button', { name: 'Send' })).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('preview-language'), 'fr');
    await waitFor(() => expect(visitorPopup().getByRole('textbox', { name: 'Écrire un commentaire…' })).toBeInTheDocument());
    expect(visitorPopup().getByRole('button', { name: 'Envoyer' })).toBeInTheDocument();
    expect(preview()).toHaveAttribute('lang', 'fr');
    expect(visitorPopup().getByRole('button', { name: 'Fermer la fenêtre' })).toBeInTheDocument();
    // The console around it stays in English.
    expect(screen.getByTestId('editor-submit')).toHaveTextContent('Create popup');
  });

  it('previews at the chosen format: 335, 410 and 500 px wide', async () => {
    renderCreate();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-title'), 'Welcome');
    expect(visitorPopup().getByRole('heading', { level: 2 })).toHaveTextContent('Welcome');
    const width = () => visitorPopup().getByRole('dialog').style.getPropertyValue('--sp-width');
    expect(width()).toBe('410px');
    await user.selectOptions(screen.getByTestId('field-format'), 'small');
    expect(width()).toBe('335px');
    await user.selectOptions(screen.getByTestId('field-format'), 'large');
    expect(width()).toBe('500px');
    expect(preview()).toHaveAttribute('data-position', 'topR');
  });

  it('adds pages up to 5 and keeps at least 1; the preview follows the page being edited', async () => {
    renderCreate();
    const user = userEvent.setup();
    expect(screen.getByTestId('page-remove')).toBeDisabled();
    for (let i = 0; i < 4; i++) await user.click(screen.getByTestId('page-add'));
    expect(screen.getByTestId('page-tab-5')).toBeInTheDocument();
    expect(screen.getByTestId('page-add')).toBeDisabled();
    expect(screen.getByTestId('page-count')).toHaveTextContent('5 pages of 5 at most');
    expect(preview()).toHaveAttribute('data-page', '5');
    // The pager's arrows follow the reading direction (mirrored right to left).
    expect(screen.getByTestId('preview-previous-icon')).toHaveStyle({ transform: 'scaleX(var(--dir-flip, 1))' });
    await user.click(screen.getByTestId('page-tab-2'));
    expect(preview()).toHaveAttribute('data-page', '2');
    for (let i = 0; i < 4; i++) await user.click(screen.getByTestId('page-remove'));
    expect(screen.queryByTestId('page-tab-2')).not.toBeInTheDocument();
    expect(screen.getByTestId('page-remove')).toBeDisabled();
  });

  it("has one emoji control, the popup's: an emoji reactions block shows those emojis, and so does the preview", async () => {
    renderCreate();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('add-block-emojis'));
    expect(screen.getByTestId('block-2')).toHaveAttribute('data-kind', 'emojis');
    expect(screen.getAllByRole('group', { name: 'Add an emoji' })).toHaveLength(1);
    const picker = screen.getByTestId('field-emojis');
    expect(within(screen.getByTestId('block-2')).getByTestId('block-emojis')).toHaveTextContent("This block offers the popup's reaction emojis");
    await user.click(within(picker).getByRole('button', { name: 'Add 🔥' }));
    expect(within(screen.getByTestId('block-2')).getByTestId('block-emojis')).toHaveTextContent('🔥');
    // The visitor's row of reactions in the preview offers the same emojis.
    const row = visitorPopup().getByRole('group', { name: 'Reactions' });
    expect(within(row).getByRole('button', { name: '🔥' })).toBeInTheDocument();
  });

  it("keeps at least 1 block on a page and says 'block removed successfully'", async () => {
    renderCreate();
    const user = userEvent.setup();
    expect(within(screen.getByTestId('block-1')).getByTestId('block-remove')).toBeDisabled();
    await user.click(screen.getByTestId('add-block-question'));
    expect(screen.getByTestId('block-2')).toHaveAttribute('data-kind', 'question');
    await user.click(within(screen.getByTestId('block-1')).getByTestId('block-remove'));
    expect(await screen.findByTestId('toast-success')).toHaveTextContent('block removed successfully');
    expect(screen.queryByTestId('block-2')).not.toBeInTheDocument();
    expect(screen.getByTestId('block-1')).toHaveAttribute('data-kind', 'question');
    expect(within(screen.getByTestId('block-1')).getByTestId('block-remove')).toBeDisabled();
  });

  it('builds a dynamic audience with the rule builder, fetched when chosen, and sends the tree', async () => {
    const calls = renderCreate((call) =>
      call.method === 'POST' ? { status: 201, data: { message: 'Popup created successfully', data: savedPopup() } } : undefined,
    );
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-title'), 'For regulars');
    await user.selectOptions(screen.getByTestId('field-target'), 'dynamic');
    expect(await screen.findByTestId('field-dynamic-audience')).toBeInTheDocument();
    await user.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.data).toMatchObject({ target: 'dynamic', dynamicAudience: { operator: 'and', predicates: [] } });
  });

  it('validates with the contract’s messages and sends nothing invalid', async () => {
    const calls = renderCreate();
    const user = userEvent.setup();
    const seconds = screen.getByTestId('field-display-time');
    expect(seconds).toHaveValue(15);
    fireEvent.change(seconds, { target: { value: '0' } });
    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByText('Please enter title')).toBeInTheDocument();
    expect(screen.getByText('Display time must be between 1 and 60 seconds')).toBeInTheDocument();
    fireEvent.change(seconds, { target: { value: '61' } });
    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByText('Display time must be between 1 and 60 seconds')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the page rule shows an example address it matches on the active website, and refuses a rule that can never match', async () => {
    const calls = renderCreate();
    const user = userEvent.setup();
    const example = screen.getByTestId('field-href-example');
    expect(example).toHaveTextContent('Empty: it shows on every page.');
    await user.type(screen.getByTestId('field-href'), '#/completed');
    expect(example).toHaveTextContent(/^For example, it shows on https?:\/\/[^/]+\/#\/completed$/);
    await user.clear(screen.getByTestId('field-href'));
    await user.type(screen.getByTestId('field-href'), '/docs/*');
    expect(example).toHaveTextContent(/\/docs\/example$/);
    await user.clear(screen.getByTestId('field-href'));
    await user.type(screen.getByTestId('field-href'), 'mailto:team@example.com');
    expect(example).toHaveTextContent('This rule can never match a page.');
    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByText('This rule can never match a page: write a path such as /pricing, /docs/* or #/completed')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves seconds as milliseconds with the pages, question and groups; server field messages land on their fields, nothing typed is lost', async () => {
    let answer: { status: number; data: unknown } = {
      status: 400,
      data: { message: 'Some selected groups are not groups of this website', errors: { groups: 'Some selected groups are not groups of this website' } },
    };
    const calls = renderCreate((call) => (call.method === 'POST' && call.url === '/api/popups' ? answer : undefined));
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-title'), 'Survey');
    await user.type(screen.getByTestId('block-text'), 'Hello there');
    await user.click(screen.getByTestId('add-block-question'));
    await user.type(screen.getByTestId('block-question'), 'How did you find us?');
    await user.click(screen.getByTestId('page-add'));
    fireEvent.change(screen.getByTestId('field-display-time'), { target: { value: '20' } });
    // The replay rule, labelled in the language of the screen.
    expect(within(screen.getByTestId('field-show-again')).getByRole('option', { name: 'The next day' })).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('field-show-again'), 'daily');
    await user.selectOptions(screen.getByTestId('field-target'), 'groups');
    await waitFor(() => expect(screen.getByLabelText('VIP customers')).toBeInTheDocument());
    await user.click(screen.getByLabelText('VIP customers'));
    await user.click(screen.getByTestId('editor-submit'));

    const post = await waitFor(() => {
      const found = calls.find((c) => c.method === 'POST');
      expect(found).toBeDefined();
      return found!;
    });
    const body = post.data as {
      titleOfPopup: { label: string };
      content: { content: { kind: string; question?: string }[] }[];
      rules: { displayTime: number; showAgain: string };
      target: string;
      groups: string[];
      workspace: string;
    };
    expect(body.titleOfPopup.label).toBe('Survey');
    expect(body.rules).toEqual({ displayTime: 20000, showAgain: 'daily' });
    expect(body.content).toHaveLength(2);
    expect(body.content[0].content.map((b) => b.kind)).toEqual(['text', 'question']);
    expect(body.content[0].content[1].question).toBe('How did you find us?');
    expect(body.target).toBe('groups');
    expect(body.groups).toEqual([GROUP]);
    expect(body.workspace).toBe(WS);

    expect(await screen.findByTestId('toast-error')).toHaveTextContent('Some selected groups are not groups of this website');
    expect(within(screen.getByTestId('section-targeting')).getByText('Some selected groups are not groups of this website')).toBeInTheDocument();
    expect(screen.getByTestId('field-title')).toHaveValue('Survey');
    expect(screen.getByLabelText('VIP customers')).toBeChecked();

    // The server gives no message: the fallback message.
    answer = { status: 500, data: savedPopup() };
    // One toast at a time: clear the first so the next one shows at once.
    act(() => toaster.remove());
    await user.click(screen.getByTestId('editor-submit'));
    await waitFor(() => expect(screen.getByTestId('toast-error')).toHaveTextContent('Error while creating popups'));

    answer = { status: 201, data: { message: 'Popup created successfully', data: savedPopup() } };
    await user.click(screen.getByTestId('editor-submit'));
    expect(await screen.findByText('popup list')).toBeInTheDocument();
    // A long form typed key by key on a shared 2-core machine.
  }, 30_000);
});
