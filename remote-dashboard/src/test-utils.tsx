/**
 * Component-test helpers of the dashboard: the shared harness (shared-auth/testing) with the
 * dashboard's en and ar texts. A missing key shows as the key and fails the assertion.
 */
import type { Permission, User } from 'contracts';
import { initTestI18n as initI18nWith, signInAs as signInUser, userWith } from 'shared-content/testing';
import en from './locales/en/dashboard.json';
import ar from './locales/ar/dashboard.json';

import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { renderScreen as renderInProviders } from 'shared-content/testing';

export { fakeApi, type Answer, type Call } from 'shared-content/testing';

/** Renders inside the product's providers and a router (the empty state links to the installation guide). */
export const renderScreen = (ui: ReactNode) => renderInProviders(<MemoryRouter>{ui}</MemoryRouter>);

export const initTestI18n = () => initI18nWith({ dashboard: { en, ar } });

/** A signed-in session of a user holding `permissions`, on one website (w1, "Main"). */
export const signInAs = (permissions: Permission[]): User => signInUser(userWith(permissions));
