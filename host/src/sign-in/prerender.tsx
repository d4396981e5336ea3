// Build-time only (run by rspack.config.mjs in Node, never shipped): the sign-in page rendered to
// static HTML, with the critical CSS Chakra's emotion writes inline, once per language. index.html
// shows it for /login before any script has run, so the page paints (LCP) at HTML speed; the
// sign-in bundle then renders the live form over it, identical, once its translations are there.
import { renderToString } from 'react-dom/server';
import { UiProviderWithoutToasts } from 'shared-ui';
import { I18nextProvider, i18n, useTranslation } from 'shared-i18n';
import { initReactI18next } from 'react-i18next';
import { setRuntimeConfig } from '../config/runtime-config';
import { LoginForm } from '../features/auth/LoginForm';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

function Page() {
  const { t } = useTranslation('host');
  return <LoginForm forgotLink={<a href="/forget-password">{t('login.forgot')}</a>} onSignedIn={() => {}} />;
}

const GLOBAL_STYLE = /<style data-emotion="css-global[^"]*">[\s\S]*?<\/style>/g;

/**
 * `resources[lng][ns]`: the same JSON files the page fetches. Returns the markup of #root per
 * language, and once the global styles (reset, tokens, keyframes: the same in every language, and
 * most of the bytes) that go before it.
 */
export async function prerenderSignIn(resources: Resources): Promise<{ styles: string; pages: Record<string, string> }> {
  // Without an identity provider: the button appears, when configured, once the live form renders.
  setRuntimeConfig({ apiBaseUrl: '', remotes: [], identityProvider: null } as never);
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    ns: ['common', 'host'],
    defaultNS: 'common',
    fallbackNS: 'common',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const pages: Record<string, string> = {};
  let styles: string | null = null;
  for (const lng of Object.keys(resources)) {
    await i18n.changeLanguage(lng);
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <UiProviderWithoutToasts locale={lng}>
          <Page />
        </UiProviderWithoutToasts>
      </I18nextProvider>,
    );
    const global = (html.match(GLOBAL_STYLE) ?? []).join('');
    if (styles !== null && global !== styles) throw new Error(`prerender: the global styles differ in ${lng}`);
    styles = global;
    pages[lng] = html.replace(GLOBAL_STYLE, '');
  }
  return { styles: styles ?? '', pages };
}
