import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UiProvider } from 'shared-ui';
import { makeUser, signInAs } from 'shared-content/testing';

jest.mock('shared-i18n', () => ({
  useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }),
  LANGUAGES: [{ code: 'en', label: 'English' }],
  changeLanguage: jest.fn(),
}));

import { SwitchScreen } from './SwitchScreen';

const renderAt = (url: string) =>
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/switch" element={<SwitchScreen />} />
          <Route path="/dashboard" element={<p>dashboard</p>} />
          <Route path="/login" element={<p>sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );

/** /switch without a token has nothing to choose between. */
test('without a token, a signed-in person goes straight to the dashboard', () => {
  signInAs(makeUser());
  renderAt('/switch');
  expect(screen.getByText('dashboard')).toBeTruthy();
});

test('with a token, the choice between the session and the link is offered', () => {
  signInAs(makeUser());
  renderAt('/switch?token=abc&email=ada%40example.com');
  expect(screen.getByTestId('switch')).toBeTruthy();
  expect(screen.getByText('switch.signOutAndContinue')).toBeTruthy();
});
