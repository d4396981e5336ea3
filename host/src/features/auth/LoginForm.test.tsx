import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from 'shared-ui';
import { api } from 'shared-data';
import { readAccessToken } from 'shared-auth';
import type { LoginResponse } from 'contracts';

jest.mock('shared-i18n', () => jest.requireActual('../../test-utils/keys-as-texts'));

import { setRuntimeConfig } from '../../config/runtime-config';
import { LoginForm } from './LoginForm';
import { markWelcome, takeWelcome } from './welcome';

const response: LoginResponse = {
  message: 'Login successfully, Welcome Back',
  data: {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    refresh_token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    user: {
      _id: 'u1',
      name: 'Ada',
      email: 'ada@example.com',
      avatar: null,
      domain: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      isSuperAdmin: false,
      organisation: { _id: 'o1', name: 'Demo' },
      roles: [{ _id: 'r1', name: 'Owner', permissions: ['get_role'] }],
      websites: [{ _id: 'w1', name: 'Main', domain: 'main.example.com' }],
    },
  },
} as LoginResponse;

function renderForm(onSignedIn = jest.fn()) {
  render(
    <UiProvider>
      <LoginForm forgotLink={<a href="/forget-password">login.forgot</a>} onSignedIn={onSignedIn} />
    </UiProvider>,
  );
  return onSignedIn;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes: [], identityProvider: null });
});
afterEach(() => jest.restoreAllMocks());

test('the router-free sign-in form posts the credentials, stores the session and hands over', async () => {
  const post = jest.spyOn(api, 'post').mockResolvedValue({ data: response });
  const onSignedIn = renderForm();
  await userEvent.type(screen.getByLabelText(/login.email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/login.password/), 'secret-password');
  await userEvent.click(screen.getByTestId('login-submit'));
  await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(response));
  expect(post).toHaveBeenCalledWith('/api/auth/login', { email: 'ada@example.com', password: 'secret-password' });
  expect(readAccessToken()).toBe('access-1');
  expect(screen.getByRole('link', { name: 'login.forgot' })).toHaveAttribute('href', '/forget-password');
});

test('an empty form is refused on the page, without a call', async () => {
  const post = jest.spyOn(api, 'post');
  const onSignedIn = renderForm();
  await userEvent.click(screen.getByTestId('login-submit'));
  // (Codes of the catalogue: this file has no i18next instance; LoginForm.messages.test.tsx reads them.)
  expect(await screen.findAllByText('form.required')).toHaveLength(2);
  expect(post).not.toHaveBeenCalled();
  expect(onSignedIn).not.toHaveBeenCalled();
});

test('a refused sign-in shows the server message, and the next attempt clears it even when the page refuses it', async () => {
  const refusal = Object.assign(new Error('Request failed with status code 401'), {
    isAxiosError: true,
    response: { status: 401, data: { message: 'Invalid email or password' } },
  });
  jest.spyOn(api, 'post').mockRejectedValue(refusal);
  renderForm();
  await userEvent.type(screen.getByLabelText(/login.email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/login.password/), 'wrong-password');
  await userEvent.click(screen.getByTestId('login-submit'));
  expect(await screen.findByTestId('form-error')).toHaveTextContent('Invalid email or password');
  await userEvent.clear(screen.getByLabelText(/login.email/));
  await userEvent.type(screen.getByLabelText(/login.email/), 'not-an-email');
  await userEvent.click(screen.getByTestId('login-submit'));
  expect(await screen.findByText('validation.emailInvalid')).toBeInTheDocument();
  expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
});

test('the welcome mark left by the sign-in bundle is taken once', () => {
  expect(takeWelcome()).toBe(false);
  markWelcome();
  expect(takeWelcome()).toBe(true);
  expect(takeWelcome()).toBe(false);
});
