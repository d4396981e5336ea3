import { screen } from '@testing-library/react';
import { renderRoutesAt } from '../../test-utils/render-at';
import { makeUser, signInAs } from 'shared-content/testing';

jest.mock('shared-i18n', () => jest.requireActual('../../test-utils/keys-as-texts'));

import { SwitchScreen } from './SwitchScreen';

const renderAt = (url: string) => renderRoutesAt(url, { '/switch': <SwitchScreen />, '/dashboard': <p>dashboard</p>, '/login': <p>sign-in page</p> });

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
