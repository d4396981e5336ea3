import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, initTestI18n, renderScreen, TestRouter } from 'shared-content/testing';
import hostEn from '../../locales/en/host.json';
import hostFr from '../../locales/fr/host.json';
import { i18n } from 'shared-i18n';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';

beforeAll(() => initTestI18n({ host: { en: hostEn, fr: hostFr } }));
afterEach(() => i18n.changeLanguage('en'));

const renderForgot = () =>
  renderScreen(
    <TestRouter initialEntries={['/forget-password']}>
      <ForgotPasswordScreen />
    </TestRouter>,
  );

/**
 * The screen validates with the contract's body schema; its codes show in the
 * reader's language, the empty field in the screen's own "Please enter {label}" wording.
 */
test("the contract's e-mail checks show in the reader's language, without a call", async () => {
  const calls = fakeApi(() => undefined);
  renderForgot();
  const submit = screen.getByRole('button', { name: 'Send the reset link' });
  await userEvent.click(submit);
  expect(await screen.findByText('Please enter Email')).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
  await userEvent.click(submit);
  expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
  await i18n.changeLanguage('fr');
  await userEvent.click(submit);
  expect(await screen.findByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
  expect(calls).toEqual([]);
});
