/**
 * Component-test helpers of the campaign screens: the shared harness (shared-auth/testing) with the
 * campaigns texts (a missing key shows as the key and fails the assertion), and the option lists
 * the editors load.
 */
import {
  defaultBanner,
  defaultPopup,
  defaultPushNotification,
  type Banner,
  type Permission,
  type Popup,
  type PushNotification,
  type User,
  type WorkspaceService,
} from 'contracts';
import { editorOptionLists, initTestI18n as initI18nWith, savedMeta, userWith, type Call } from 'shared-content/testing';
import campaigns from '../locales/en/campaigns.json';

export {
  fakeApi,
  listRow,
  paged,
  renderRoutes,
  renderScreen,
  savedMeta,
  signInAs,
  TestRouter,
  TEST_GROUP,
  TEST_WORKSPACE,
  type Answer,
  type Call,
} from 'shared-content/testing';

export const initTestI18n = () => initI18nWith({ campaigns: { en: campaigns } });

/** A user holding exactly `permissions`, on the given websites. */
export const makeUser = (permissions: Permission[], websites?: User['websites']): User => userWith(permissions, websites);

/** The editors' option lists (one group, a workspace of `service`) for `fakeApi`. */
export const optionLists = (call: Call, service: WorkspaceService = 'popup') => editorOptionLists(call, service);

/** A saved popup as create, update, duplicate and cancel answer it. */
export const savedPopup = (id = 'p-saved'): Popup => ({
  ...defaultPopup(null),
  titleOfPopup: { ...defaultPopup().titleOfPopup, label: 'Saved popup' },
  ...savedMeta(id),
});
/** A saved banner as create, update, duplicate and cancel answer it. */
export const savedBanner = (id = 'b-saved'): Banner => ({ ...defaultBanner(null), titleOfBanner: 'Saved banner', content: 'Saved', ...savedMeta(id) });
/** A saved push notification as create, update, duplicate and cancel answer it. */
export const savedPushNotification = (id = 'n-saved'): PushNotification => ({
  ...defaultPushNotification(null),
  push_notification_title: 'Saved push',
  title: 'Saved',
  body: 'Saved',
  ...savedMeta(id),
});
