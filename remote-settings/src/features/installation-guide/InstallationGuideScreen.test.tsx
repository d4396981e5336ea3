import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { InstallCheckAnswer, Permission } from 'contracts';
import InstallationGuideScreen, { nextJsExample, snippetScript } from './InstallationGuideScreen';
import { INSTALL_CHECK_INTERVAL_MS } from './components/InstallCheck';
import { fakeApi, initTestI18n, makeUser, paged, renderScreen, signInAs, type Call } from '../websites/test-utils';

beforeAll(() => initTestI18n());
afterEach(() => jest.useRealTimers());

const SNIPPET =
  '<script>!function(w,d,u,k,a){if(w.signpost)return;var s=w.signpost=function(){s.q.push(arguments)};s.q=[];s.k=k;s.a=a;var e=d.createElement("script");e.async=!0;e.src=u;d.head.appendChild(e)}(window,document,"http://localhost:3006/signpost.js","pk_live_123","http://localhost:4000");</script>';
const NOT_INSTALLED: InstallCheckAnswer = { app_is_installed: false, lastSeenAt: null, origin: null, version: null };
const INSTALLED: InstallCheckAnswer = { app_is_installed: true, lastSeenAt: '2026-11-24T10:00:00.000Z', origin: 'http://localhost:3005', version: '1.2.3' };

const SECRET = 'a1'.repeat(32);
const NEW_SECRET = 'b2'.repeat(32);

/** The API as the guide sees it; `checks` are the install-check answers, in order (the last one repeats). */
function server({ checks = [NOT_INSTALLED], permissions = ['get_websites'] as readonly Permission[] } = {}) {
  let checked = 0;
  let identity = { required: true, secret: SECRET, previousSecretExpiresAt: null as string | null };
  const calls = fakeApi((call: Call) => {
    if (call.url === '/api/websites/w1/identity-verification') {
      if (call.method === 'PUT') identity = { ...identity, required: (call.data as { required: boolean }).required };
      return { status: 200, data: call.method === 'PUT' ? { message: 'Identity verification updated', ...identity } : identity };
    }
    if (call.method === 'POST' && call.url === '/api/websites/w1/identity-verification/rotate') {
      identity = { ...identity, secret: NEW_SECRET, previousSecretExpiresAt: '2026-11-25T10:00:00.000Z' };
      return { status: 200, data: { message: 'New identity secret made', ...identity } };
    }
    if (call.method === 'GET' && call.url === '/api/websites/w1/install-snippet') return { status: 200, data: { snippet: SNIPPET } };
    if (call.method === 'GET' && call.url === '/api/websites')
      return paged([{ _id: 'w1', name: 'Main', domain: 'main.example.com', publicKey: 'pk_live_123', createdAt: '2025-01-01T00:00:00.000Z' }]);
    if (call.method === 'GET' && call.url === '/api/attributes')
      return paged([
        { _id: 'a1', name: 'plan', type: 'string', createdAt: '2025-01-01T00:00:00.000Z' },
        { _id: 'a2', name: 'visits', type: 'number', createdAt: '2025-01-01T00:00:00.000Z' },
      ]);
    if (call.method === 'GET' && call.url === '/api/public/install-check') return { status: 200, data: checks[Math.min(checked++, checks.length - 1)] };
    return undefined;
  });
  signInAs(makeUser([...permissions]));
  return calls;
}

const renderGuide = () =>
  renderScreen(
    <MemoryRouter>
      <InstallationGuideScreen />
    </MemoryRouter>,
  );

test('the Next.js example runs the snippet’s own JavaScript through next/script after the page is interactive', () => {
  expect(snippetScript(SNIPPET)).toMatch(/^!function\(w,d,u,k,a\)/);
  expect(snippetScript(SNIPPET)).not.toContain('<script>');
  const next = nextJsExample(SNIPPET);
  expect(next).toContain('strategy="afterInteractive"');
  expect(next).toContain(`dangerouslySetInnerHTML={{ __html: ${JSON.stringify(snippetScript(SNIPPET))} }}`);
});

test('shows the website’s snippet from the API and copies it, with a confirmation', async () => {
  const user = userEvent.setup();
  server();
  renderGuide();
  const code = await screen.findByTestId('install-snippet');
  expect(code.textContent).toBe(SNIPPET);
  // Focusable, so a keyboard can scroll the long line.
  expect(code.closest('[tabindex="0"]')).not.toBeNull();
  expect(screen.getByTestId('install-html')).toHaveTextContent(SNIPPET);
  await user.click(screen.getByTestId('install-snippet-copy'));
  expect(await navigator.clipboard.readText()).toBe(SNIPPET);
  expect(screen.getByTestId('install-snippet-copied')).toHaveTextContent('Copied to the clipboard');
});

test("the push section links the service worker beside the script and shows signpost('askPushPermission')", async () => {
  server();
  renderGuide();
  const link = await screen.findByTestId('install-service-worker');
  expect(link).toHaveAttribute('href', 'http://localhost:3006/signpost-sw.js');
  expect(screen.getByTestId('install-push')).toHaveTextContent("signpost('askPushPermission', { softPrompt: true }");
});

test('the identify example uses the website’s declared attributes', async () => {
  server();
  renderGuide();
  const identify = await screen.findByTestId('install-identify');
  await within(screen.getByTestId('install-section-identify')).findByText(/The other keys are the people-data attributes/);
  expect(identify.textContent).toBe(
    "signpost('identify', {\n  id: 'user-123',\n  name: 'Ada Lovelace',\n  email: 'ada@example.com',\n  plan: 'premium',\n  visits: 42,\n  userHash: USER_HASH, // computed on your server (see below)\n});",
  );
});

test('the check is neutral until the script reports, asks again every 3 s with the public key, then turns green', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const calls = server({ checks: [NOT_INSTALLED, NOT_INSTALLED, INSTALLED] });
  renderGuide();
  await screen.findByTestId('install-snippet');
  expect(screen.queryByTestId('install-check-missing')).not.toBeInTheDocument();

  await act(() => user.click(screen.getByTestId('install-check-button')));
  expect(await screen.findByTestId('install-check-missing')).toHaveTextContent('Not detected yet');
  expect(screen.getByTestId('install-check-missing')).toHaveTextContent('main.example.com');
  const checks = () => calls.filter((c) => c.url === '/api/public/install-check');
  expect(checks()).toHaveLength(1);
  expect(checks()[0].headers['x-client-id']).toBe('pk_live_123');

  await act(() => jest.advanceTimersByTimeAsync(INSTALL_CHECK_INTERVAL_MS));
  expect(checks()).toHaveLength(2);
  expect(screen.queryByTestId('install-check-installed')).not.toBeInTheDocument();

  await act(() => jest.advanceTimersByTimeAsync(INSTALL_CHECK_INTERVAL_MS));
  const green = await screen.findByTestId('install-check-installed');
  expect(green).toHaveTextContent(/^Installed — last seen .+ on http:\/\/localhost:3005, version 1\.2\.3$/);
  expect(screen.queryByTestId('install-check-missing')).not.toBeInTheDocument();

  // Green: no more asking.
  await act(() => jest.advanceTimersByTimeAsync(INSTALL_CHECK_INTERVAL_MS * 3));
  expect(checks()).toHaveLength(3);
});

test('without get_websites the guide says whom to ask and calls nothing for the snippet', async () => {
  const calls = server({ permissions: [] });
  renderGuide();
  expect(await screen.findByTestId('install-no-permission')).toHaveTextContent('You cannot see this website’s snippet');
  expect(calls.some((c) => c.url.includes('install-snippet'))).toBe(false);
});

test('identity verification: the owner sees the secret masked, reveals and copies it, turns the requirement off, and rotates after confirming', async () => {
  const user = userEvent.setup();
  const calls = server({ permissions: ['get_websites', 'create_websites'] });
  renderGuide();
  const secret = await screen.findByTestId('identity-secret');
  expect(secret.textContent).not.toContain(SECRET);
  await user.click(screen.getByTestId('identity-secret-reveal'));
  expect(secret).toHaveTextContent(SECRET);
  expect(screen.getByTestId('identity-secret-reveal')).toHaveAttribute('aria-pressed', 'true');
  await user.click(screen.getByTestId('identity-secret-copy'));
  expect(await navigator.clipboard.readText()).toBe(SECRET);

  const toggle = within(screen.getByTestId('identity-required')).getByRole('checkbox', { name: 'Require identity verification' });
  expect(toggle).toBeChecked();
  await user.click(toggle);
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && (c.data as { required: boolean }).required === false)).toBe(true));
  expect(await screen.findByTestId('identity-required-state')).toHaveTextContent(/^Not required/);

  await user.click(screen.getByTestId('identity-secret-rotate'));
  const dialog = await screen.findByTestId('identity-rotate-dialog');
  expect(dialog).toHaveTextContent('the current one keeps working for 24 hours');
  expect(calls.some((c) => c.url.endsWith('/rotate'))).toBe(false);
  await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
  await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/rotate'))).toHaveLength(1));
  expect(await screen.findByTestId('identity-previous-secret')).toHaveTextContent(/^The previous secret keeps working until /);
  expect(screen.getByTestId('identity-secret')).toHaveTextContent(NEW_SECRET);
});

test('identity verification: the server code in Node, Python, Ruby and PHP; without create_websites no secret is asked for', async () => {
  const user = userEvent.setup();
  const calls = server({ permissions: ['get_websites'] });
  renderGuide();
  expect(await screen.findByTestId('identity-no-permission')).toHaveTextContent('ask the website’s owner');
  expect(screen.queryByTestId('identity-secret')).not.toBeInTheDocument();
  expect(calls.some((c) => c.url.includes('identity-verification'))).toBe(false);
  expect(screen.getByTestId('identity-code-node')).toHaveTextContent("createHmac('sha256', process.env.SIGNPOST_IDENTITY_SECRET)");
  for (const [tab, text] of [
    ['Python', 'hmac.new('],
    ['Ruby', 'OpenSSL::HMAC.hexdigest("SHA256"'],
    ['PHP', "hash_hmac('sha256'"],
  ] as const) {
    await user.click(screen.getByRole('tab', { name: tab }));
    expect(screen.getByRole('tabpanel', { name: tab })).toHaveTextContent(text);
  }
});
