import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutesAt } from '../../test-utils/render-at';
import { api } from 'shared-data';

jest.mock('shared-i18n', () => jest.requireActual('../../test-utils/keys-as-texts'));

import { ConfirmScreen } from './ConfirmScreen';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';
import { ResetPasswordScreen } from './ResetPasswordScreen';

const refused = (token: string) =>
  Object.assign(new Error('Request failed'), {
    isAxiosError: true,
    response: { status: 400, data: { message: 'Failed', errors: { token } } },
  });

const renderAt = (url: string) =>
  renderRoutesAt(url, { '/reset-password': <ResetPasswordScreen />, '/forget-password': <ForgotPasswordScreen />, '/confirm': <ConfirmScreen /> });

async function choosePassword() {
  await userEvent.type(screen.getByLabelText(/password\.new/), 'Another-pass-1');
  await userEvent.type(screen.getByLabelText(/password\.confirm/), 'Another-pass-1');
}

afterEach(() => jest.restoreAllMocks());

/** A used or expired link says so and offers the way to a new one. */
test('a used reset link says so and offers a new link for its e-mail', async () => {
  jest.spyOn(api, 'put').mockRejectedValue(refused('This reset link is invalid, already used or expired'));
  renderAt('/reset-password?token=used&email=ada%40example.com');
  await choosePassword();
  await userEvent.click(screen.getByRole('button', { name: 'reset.submit' }));
  expect(await screen.findByText('This reset link is invalid, already used or expired')).toBeTruthy();
  await userEvent.click(screen.getByRole('link', { name: 'reset.sendNew' }));
  expect(await screen.findByRole('button', { name: 'forgot.submit' })).toBeTruthy();
  expect(screen.getByRole('textbox')).toHaveValue('ada@example.com');
});

test('a used invitation link says so and to ask the inviter for a new one', async () => {
  jest.spyOn(api, 'patch').mockRejectedValue(refused('This invitation link is invalid or has expired'));
  renderAt('/confirm?token=used&email=ada%40example.com');
  await choosePassword();
  await userEvent.click(screen.getByRole('button', { name: 'confirm.submit' }));
  expect(await screen.findByText('This invitation link is invalid or has expired')).toBeTruthy();
  expect(screen.getByText('invitation.askInviter')).toBeTruthy();
  expect(screen.queryByTestId('confirm-form')).toBeNull();
});
