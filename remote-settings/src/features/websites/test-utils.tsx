/**
 * Component-test helpers of the settings screens: the shared harness (shared-auth/testing) with the
 * settings texts. A missing key shows as the key and fails the assertion.
 */
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission, User } from 'contracts';
import { initTestI18n as initI18nWith, renderScreen, userWith } from 'shared-content/testing';
import settings from '../../locales/en/settings.json';

export { fakeApi, paged, renderScreen, signInAs, TestRouter, type Call } from 'shared-content/testing';

/** A list screen: its page, size and filters live in the URL, so it renders inside a router. */
export const renderListScreen = (ui: ReactNode) => renderScreen(<MemoryRouter>{ui}</MemoryRouter>);

export const initTestI18n = () => initI18nWith({ settings: { en: settings } });

/** A user holding exactly `permissions`, on the given websites. */
export const makeUser = (permissions: Permission[], websites?: User['websites']): User => userWith(permissions, websites);

/**
 * Opens a create dialog (`openTestId`) and submits it empty: the browser's checks answer, nothing is
 * sent. Returns the dialog's form (`formTestId`) once it shows each of `required` as "Please enter …".
 */
export async function submitEmpty(openTestId: string, formTestId: string, required: string[]) {
  await userEvent.click(await screen.findByTestId(openTestId));
  const form = await screen.findByTestId(formTestId);
  await userEvent.click(within(form).getByTestId('submit-button'));
  for (const label of required) expect(await within(form).findByText(`Please enter ${label}`)).toBeInTheDocument();
  return form;
}
