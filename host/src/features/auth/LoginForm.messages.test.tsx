import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, initTestI18n, renderScreen } from 'shared-content/testing';
import { i18n } from 'shared-i18n';
import hostEn from '../../locales/en/host.json';
import hostFr from '../../locales/fr/host.json';
import hostAr from '../../locales/ar/host.json';
import { setRuntimeConfig } from '../../config/runtime-config';
import { LoginForm } from './LoginForm';

beforeAll(() => initTestI18n({ host: { en: hostEn, fr: hostFr, ar: hostAr } }));
beforeEach(() => setRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes: [], identityProvider: null }));
afterEach(() => i18n.changeLanguage('en'));

const renderLogin = () => renderScreen(<LoginForm forgotLink={<a href="/forget-password">forgot</a>} onSignedIn={jest.fn()} />);

/**
 * The sign-in form validates with the login call's body schema, and shows what it
 * showed with its own rules (spec: "Required form fields show 'Please enter {label}'"); what was
 * typed stays in the fields.
 */
test("the login schema's checks show in the reader's language, typed values kept, without a call", async () => {
  const calls = fakeApi(() => undefined);
  renderLogin();
  const submit = screen.getByTestId('login-submit');
  await userEvent.click(submit);
  expect(await screen.findByText('Please enter Email')).toBeInTheDocument();
  expect(screen.getByText('Please enter Password')).toBeInTheDocument();

  const email = screen.getByRole('textbox', { name: /Email/ });
  await userEvent.type(email, 'not-an-email');
  await userEvent.type(screen.getByLabelText(/Password/), 'secret-password');
  await userEvent.click(submit);
  expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
  expect(screen.queryByText('Please enter Password')).not.toBeInTheDocument();
  expect(email).toHaveValue('not-an-email');
  expect(screen.getByLabelText(/Password/)).toHaveValue('secret-password');

  await act(() => i18n.changeLanguage('fr'));
  expect(await screen.findByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
  await userEvent.clear(email);
  await userEvent.click(submit);
  expect(await screen.findByText('Veuillez renseigner le champ « E-mail »')).toBeInTheDocument();

  await act(() => i18n.changeLanguage('ar'));
  await userEvent.click(submit);
  expect(await screen.findByText('يرجى ملء حقل «البريد الإلكتروني»')).toBeInTheDocument();
  expect(calls).toEqual([]);
});

/** A refused sign-in (429) shows the wait of its Retry-After, counted down, in the reader's language. */
test('a throttled sign-in shows the real wait from Retry-After, counting down, pluralised in en, fr and ar', async () => {
  let wait = '2';
  fakeApi(() => ({
    status: 429,
    data: { message: 'Too many failed sign-in attempts. Try again in 1 minute.' },
    headers: { 'retry-after': wait },
  }));
  renderLogin();
  await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), 'wrong-password');
  const submit = screen.getByTestId('login-submit');
  await userEvent.click(submit);
  const alert = await screen.findByTestId('form-error');
  expect(alert).toHaveTextContent('Too many failed sign-in attempts. Try again in 2 seconds.');
  await waitFor(() => expect(alert).toHaveTextContent('Try again in 1 second.'), { timeout: 4_000 });
  // Over: the alert goes.
  await waitFor(() => expect(screen.queryByTestId('form-error')).not.toBeInTheDocument(), { timeout: 4_000 });

  wait = '125';
  await userEvent.click(submit);
  expect(await screen.findByTestId('form-error')).toHaveTextContent('Too many failed sign-in attempts. Try again in 3 minutes.');
  await act(() => i18n.changeLanguage('fr'));
  expect(screen.getByTestId('form-error')).toHaveTextContent('Réessayez dans 3 minutes.');
  await act(() => i18n.changeLanguage('ar'));
  expect(screen.getByTestId('form-error')).toHaveTextContent('أعد المحاولة بعد 3 دقائق.');
  wait = '45';
  await userEvent.click(submit);
  await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent(/أعد المحاولة بعد (45|44) ثانية\./));
});
