import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutesAt } from '../../test-utils/render-at';
import { api } from 'shared-data';

jest.mock('shared-i18n', () => jest.requireActual('../../test-utils/keys-as-texts'));

import { ConfirmScreen } from './ConfirmScreen';

const renderAt = (url: string) => renderRoutesAt(url, { '/confirm': <ConfirmScreen /> });

afterEach(() => jest.restoreAllMocks());

/** /confirm?email_token=… follows the link confirming a new e-mail, on a click only. */
test('an email_token link confirms the new email when the user clicks, not on load', async () => {
  const post = jest.spyOn(api, 'post').mockResolvedValue({ data: { message: 'Your email has been changed' } });
  renderAt('/confirm?email_token=abc%2Bdef');
  expect(screen.getByTestId('email-confirm')).toBeTruthy();
  expect(screen.queryByTestId('confirm-form')).toBeNull();
  expect(post).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'emailConfirm.submit' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/api/users/email-confirm', { token: 'abc+def' }));
  expect(await screen.findByText('emailConfirm.success')).toBeTruthy();
});

test('a refused link shows the server’s message', async () => {
  jest.spyOn(api, 'post').mockRejectedValue(
    Object.assign(new Error('Request failed'), {
      isAxiosError: true,
      response: { status: 400, data: { message: 'This confirmation link is invalid or has expired' } },
    }),
  );
  renderAt('/confirm?email_token=used');
  await userEvent.click(screen.getByRole('button', { name: 'emailConfirm.submit' }));
  expect(await screen.findByText('This confirmation link is invalid or has expired')).toBeTruthy();
});

test('an invitation link still leads to the password form', () => {
  renderAt('/confirm?token=t&email=a%40example.com');
  expect(screen.getByTestId('confirm-form')).toBeTruthy();
  expect(screen.queryByTestId('email-confirm')).toBeNull();
});
