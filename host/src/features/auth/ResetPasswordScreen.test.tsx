import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, initTestI18n, renderScreen, TestRouter } from 'shared-content/testing';
import hostEn from '../../locales/en/host.json';
import hostFr from '../../locales/fr/host.json';
import hostAr from '../../locales/ar/host.json';
import { i18n } from 'shared-i18n';
import { ResetPasswordScreen } from './ResetPasswordScreen';

beforeAll(() => initTestI18n({ host: { en: hostEn, fr: hostFr, ar: hostAr } }));
afterEach(() => i18n.changeLanguage('en'));

/** What the reader sees, written out: the catalogue's texts with the form's labels and the contract's limit. */
const TEXTS = {
  en: {
    submit: 'Reset password',
    newLabel: 'New password',
    confirmLabel: 'Confirm password',
    enterNew: 'Please enter New password',
    enterConfirm: 'Please enter Confirm password',
    tooShort: 'Password must be at least 8 characters',
    mismatch: 'Passwords do not match',
  },
  fr: {
    submit: 'Réinitialiser le mot de passe',
    newLabel: 'Nouveau mot de passe',
    confirmLabel: 'Confirmer le mot de passe',
    enterNew: 'Veuillez renseigner le champ « Nouveau mot de passe »',
    enterConfirm: 'Veuillez renseigner le champ « Confirmer le mot de passe »',
    tooShort: 'Le mot de passe doit comporter au moins 8 caractères',
    mismatch: 'Les mots de passe ne correspondent pas',
  },
  ar: {
    submit: 'إعادة تعيين كلمة المرور',
    newLabel: 'كلمة المرور الجديدة',
    confirmLabel: 'تأكيد كلمة المرور',
    enterNew: 'يرجى ملء حقل «كلمة المرور الجديدة»',
    enterConfirm: 'يرجى ملء حقل «تأكيد كلمة المرور»',
    tooShort: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل',
    mismatch: 'كلمتا المرور غير متطابقتين',
  },
} as const;

/**
 * The reset form validates with its call's body schema (the invitation and profile
 * password forms share its wording): an empty field says "Please enter {label}", a short password and a
 * mismatch are the contract's messages, in the reader's language; nothing is sent.
 */
test.each(['en', 'fr', 'ar'] as const)("the call's password checks show in %s, without a call", async (lng) => {
  await i18n.changeLanguage(lng);
  const texts = TEXTS[lng];
  const calls = fakeApi(() => undefined);
  renderScreen(
    <TestRouter initialEntries={['/reset-password?token=abc&email=ada%40example.com']}>
      <ResetPasswordScreen />
    </TestRouter>,
  );
  const submit = screen.getByRole('button', { name: texts.submit });
  await userEvent.click(submit);
  expect(await screen.findByText(texts.enterNew)).toBeInTheDocument();
  expect(screen.getByText(texts.enterConfirm)).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText(new RegExp(texts.newLabel)), 'short');
  await userEvent.type(screen.getByLabelText(new RegExp(texts.confirmLabel)), 'other');
  await userEvent.click(submit);
  expect(await screen.findByText(texts.tooShort)).toBeInTheDocument();
  expect(screen.getByText(texts.mismatch)).toBeInTheDocument();
  expect(calls).toEqual([]);
});
