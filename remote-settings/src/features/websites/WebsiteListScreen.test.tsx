import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission, Website } from 'contracts';
import { sessionStore, activeWebsiteAtom, websitesAtom } from 'shared-auth';
import WebsiteListScreen from './WebsiteListScreen';
import { fakeApi, initTestI18n, makeUser, paged, renderListScreen, signInAs, submitEmpty } from './test-utils';

const main = { _id: 'w1', name: 'Main', domain: 'main.example.com', publicKey: 'pk_main', createdAt: '2025-01-01T00:00:00.000Z' };
const shop = { _id: 'w2', name: 'Shop', domain: 'shop.example.com', publicKey: 'pk_shop', createdAt: '2025-02-01T00:00:00.000Z' };

beforeAll(() => initTestI18n());

/** An in-memory organisation: its websites, with the API's rules (409 duplicate, 404, refresh via /me). */
function server(
  initial: (Website & { createdAt: string; publicKey: string })[],
  permissions: readonly Permission[] = ['get_websites', 'create_websites', 'delete_websites'],
) {
  let sites = [...initial];
  const user = () =>
    makeUser(
      [...permissions],
      sites.map(({ _id, name, domain }) => ({ _id, name, domain })),
    );
  const calls = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/websites') return paged(sites);
    if (call.method === 'GET' && call.url === '/api/users/me') return { status: 200, data: { data: user() } };
    if (call.method === 'POST' && call.url === '/api/websites') {
      const body = call.data as { name: string; domain: string };
      if (sites.some((s) => s.domain === body.domain))
        return { status: 409, data: { message: 'Website already exists', errors: { domain: 'Website already exists' } } };
      const site = { _id: `w${sites.length + 10}`, ...body, publicKey: `pk_${sites.length + 10}`, createdAt: new Date().toISOString() };
      sites = [site, ...sites];
      return { status: 201, data: { message: 'Website created successfully', data: site } };
    }
    if (call.method === 'DELETE' && call.url === '/api/websites') {
      const ids = (call.data as { websites: string[] }).websites;
      sites = sites.filter((s) => !ids.includes(s._id));
      return { status: 200, data: { message: 'Website deleted successfully' } };
    }
    return undefined;
  });
  signInAs(user());
  return { calls, sites: () => sites };
}

test('lists the websites, marks the active one, and offers no add/delete without create_websites', async () => {
  server([shop, main], ['get_websites'] as never);
  renderListScreen(<WebsiteListScreen />);
  const table = await screen.findByTestId('websites-table');
  await within(table).findByText('Main');
  // No stored choice: the session starts on the user's first website.
  const activeRow = within(table).getByText('Shop').closest('tr')!;
  expect(within(activeRow).getByTestId('active-website')).toHaveTextContent('Active');
  expect(screen.queryByTestId('add-website')).not.toBeInTheDocument();
  expect(screen.queryByTestId('delete-website-shop.example.com')).not.toBeInTheDocument();
});

test("add website: browser validation, then the duplicate shows 'Website already exists' on the domain field and as a toast, values kept", async () => {
  const { calls } = server([main]);
  renderListScreen(<WebsiteListScreen />);
  const form = await submitEmpty('add-website', 'website-form', ['Name', 'Domain']);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await userEvent.type(within(form).getByLabelText(/Name/), 'Main again');
  await userEvent.type(within(form).getByLabelText(/Domain/), 'main.example.com');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(form).findByText('Website already exists')).toBeInTheDocument();
  expect(await screen.findByTestId('toast-error')).toHaveTextContent('Website already exists');
  expect(within(form).getByLabelText(/Name/)).toHaveValue('Main again');
  expect(within(form).getByLabelText(/Domain/)).toHaveValue('main.example.com');
});

test('a new website is listed and the session (header switcher) learns it', async () => {
  server([main]);
  renderListScreen(<WebsiteListScreen />);
  await userEvent.click(await screen.findByTestId('add-website'));
  const form = await screen.findByTestId('website-form');
  await userEvent.type(within(form).getByLabelText(/Name/), 'Blog');
  await userEvent.type(within(form).getByLabelText(/Domain/), 'blog.example.com');
  await userEvent.click(within(form).getByTestId('submit-button'));
  expect(await within(screen.getByTestId('websites-table')).findByText('Blog')).toBeInTheDocument();
  await waitFor(() => expect(sessionStore.get(websitesAtom).map((w) => w.domain)).toContain('blog.example.com'));
  expect(sessionStore.get(activeWebsiteAtom)?._id).toBe('w1');
});

test("delete asks first, toasts 'Website deleted successfully', and deleting the active website switches the session", async () => {
  const { calls } = server([shop, main]);
  renderListScreen(<WebsiteListScreen />);
  await userEvent.click(await screen.findByTestId('delete-website-main.example.com'));
  const dialog = await screen.findByTestId('delete-website-dialog');
  expect(dialog).toHaveTextContent('main.example.com');
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await act(() => userEvent.click(within(dialog).getByTestId('confirm-button')));
  await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  expect(await screen.findByTestId('toast-success')).toHaveTextContent('Website deleted successfully');
  expect(calls.find((c) => c.method === 'DELETE')?.data).toEqual({ websites: ['w1'] });
  await waitFor(() => expect(sessionStore.get(activeWebsiteAtom)?._id).toBe('w2'));
  await waitFor(() => expect(within(screen.getByTestId('websites-table')).queryByText('Main')).not.toBeInTheDocument());
});
