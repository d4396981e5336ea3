import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from 'shared-ui';
import { QueryClient } from '@tanstack/react-query';
import { api, DataProvider } from 'shared-data';
import { setUser, useSession } from 'shared-auth';
import type { User } from 'contracts';

jest.mock('shared-i18n', () => ({
  useTranslation: () => ({ t: (key: string, values?: Record<string, string>) => (values?.email ? `${key} ${values.email}` : key), i18n: { language: 'en' } }),
  LANGUAGES: [{ code: 'en', label: 'English' }],
  changeLanguage: jest.fn(),
}));

import { ProfileScreen } from './ProfileScreen';
import { makeUser } from 'shared-content/testing';

// The shared fixture user, without roles: the profile screen needs none.
const user: User = makeUser({
  roles: [],
  websites: [{ _id: 'w1', name: 'Main', domain: 'main.example.com', createdAt: '2025-01-01T00:00:00.000Z' }] as User['websites'],
});

function Email() {
  return <output data-testid="session-email">{useSession().user?.email}</output>;
}

beforeEach(() => setUser(user));
afterEach(() => jest.restoreAllMocks());

const renderScreen = () =>
  render(
    <UiProvider>
      <DataProvider queryClient={new QueryClient()}>
        <ProfileScreen />
        <Email />
      </DataProvider>
    </UiProvider>,
  );

const emailInput = () => screen.getByRole('textbox', { name: /login.email/ });
const details = () => screen.getByTestId('profile-form');

/** A new e-mail needs the current password and waits for its confirmation link. */
test('the current password is asked only when the email changes, and is required then', async () => {
  const put = jest.spyOn(api, 'put');
  renderScreen();
  expect(details().querySelector('input[name="currentPassword"]')).toBeNull();
  await userEvent.clear(emailInput());
  await userEvent.type(emailInput(), 'new@example.com');
  const password = details().querySelector('input[name="currentPassword"]');
  expect(password).not.toBeNull();
  await userEvent.click(screen.getAllByRole('button', { name: 'actions.save' })[0]);
  expect(await screen.findByText('profile.currentPasswordRequired')).toBeTruthy();
  expect(put).not.toHaveBeenCalled();
});

test('with the password: sent along, the shown email stays until the link is followed, and the pending address is told', async () => {
  const put = jest.spyOn(api, 'put').mockResolvedValue({
    data: { message: 'Profile updated.', data: user, pendingEmail: 'new@example.com' },
  });
  renderScreen();
  await userEvent.clear(emailInput());
  await userEvent.type(emailInput(), 'new@example.com');
  await userEvent.type(details().querySelector('input[name="currentPassword"]')!, 'my-secret');
  await userEvent.click(screen.getAllByRole('button', { name: 'actions.save' })[0]);
  await waitFor(() =>
    expect(put).toHaveBeenCalledWith('/api/users/profile-update', {
      name: 'Ada',
      email: 'new@example.com',
      avatar: null,
      currentPassword: 'my-secret',
    }),
  );
  expect(await screen.findByTestId('pending-email')).toHaveTextContent('profile.emailPending new@example.com');
  expect(screen.getByTestId('session-email')).toHaveTextContent('ada@example.com');
  await waitFor(() => expect((emailInput() as HTMLInputElement).value).toBe('ada@example.com'));
});

test('the same email sends no password', async () => {
  const put = jest.spyOn(api, 'put').mockResolvedValue({ data: { message: 'Profile updated successfully', data: { ...user, name: 'Ada L' } } });
  renderScreen();
  const name = screen.getByRole('textbox', { name: /profile.name/ });
  await userEvent.type(name, ' L');
  await userEvent.click(screen.getAllByRole('button', { name: 'actions.save' })[0]);
  await waitFor(() => expect(put).toHaveBeenCalledWith('/api/users/profile-update', { name: 'Ada L', email: 'ada@example.com', avatar: null }));
});
