/**
 * Component-test helpers of the tours screens: the shared harness (shared-auth/testing) with this
 * remote's texts (a missing key shows as the key and fails the assertion), the option lists the
 * editor loads, and saved tours as the API answers them.
 */
import { defaultTour, type Permission, type Tour, type TourDocument, type User } from 'contracts';
import { editorOptionLists, initTestI18n as initI18nWith, savedMeta, userWith, type Call } from 'shared-content/testing';
import toursChecklists from '../locales/en/toursChecklists.json';

export { fakeApi, listRow, paged, renderRoutes, renderScreen, signInAs, TestRouter, TEST_WORKSPACE, type Answer, type Call } from 'shared-content/testing';

export const initTestI18n = () => initI18nWith({ toursChecklists: { en: toursChecklists } });

export const makeUser = (permissions: Permission[], websites?: User['websites']): User => userWith(permissions, websites);

/** The editor's option lists (a tour workspace, nothing else) for `fakeApi`. */
export const optionLists = (call: Call) => editorOptionLists(call, 'tour', false);

/** A saved tour as get, create and update answer it. */
export const savedTour = (id: string, doc: Partial<TourDocument> = {}): Tour => ({ ...defaultTour(null), ...doc, ...savedMeta(id, null) });
