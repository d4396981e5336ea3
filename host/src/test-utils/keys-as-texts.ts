/**
 * shared-i18n for the host's component tests: every text is its key, so a test reads which text a
 * screen shows, in no language. Use as `jest.mock('shared-i18n', () => jest.requireActual('…/keys-as-texts'))`.
 */
export const useTranslation = () => ({ t: (key: string) => key, i18n: { language: 'en' } });
export const LANGUAGES = [{ code: 'en', label: 'English' }];
export const changeLanguage = jest.fn();
export const registerNamespace = jest.fn(async () => undefined);
