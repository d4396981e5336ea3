// The sign-in bundle: what /login loads for a visitor without a session (index.html chooses). It is
// a plain bundle, built without module federation (see rspack.config.mjs): React, the parts of the
// Chakra facade the form uses and i18next, tree-shaken, and nothing else (zod, the contracts and
// the API client come in a chunk the form loads once it is used) — no
// federation runtime, router, layout or remote manifests, which the page does not need. Signed in,
// it loads the console with a full page load (the federated host, which then owns the session).
import { Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { LoaderOverlay, UiProviderWithoutToasts } from 'shared-ui';
import { MESSAGES_NAMESPACE, initI18n, useTranslation } from 'shared-i18n';
import { getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { useLanguage } from '../app/useLanguage';
import { LoginForm, type LoginFormValues } from '../features/auth/LoginForm';
import { markWelcome } from '../features/auth/welcome';
import { domReady } from '../app/dom-ready';
import { CONSOLE_START, prefetchConsole } from './prefetch-console';
import { ConfigError } from '../config/ConfigError';

/**
 * What the visitor typed into the prerendered page (index.html shows it before this bundle runs),
 * carried into the live form that replaces it, with the focus.
 */
function takeOverPrerendered(root: HTMLElement) {
  const field = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const focused = document.activeElement instanceof HTMLInputElement && root.contains(document.activeElement) ? document.activeElement.name : null;
  return { values: { email: field('email')?.value ?? '', password: field('password')?.value ?? '' }, focused };
}

function SignInPage({ initialValues }: { initialValues: Partial<LoginFormValues> }) {
  const { t } = useTranslation('host'); // suspends until the namespace is there
  return (
    <LoginForm
      initialValues={initialValues}
      forgotLink={<a href="/forget-password">{t('login.forgot')}</a>}
      onSignedIn={() => {
        markWelcome();
        location.replace(CONSOLE_START);
      }}
    />
  );
}

function Page({ initialValues }: { initialValues: Partial<LoginFormValues> }) {
  const lng = useLanguage();
  return (
    <UiProviderWithoutToasts locale={lng}>
      <Suspense fallback={<LoaderOverlay label="" />}>
        <SignInPage initialValues={initialValues} />
      </Suspense>
    </UiProviderWithoutToasts>
  );
}

async function start() {
  await domReady();
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadRuntimeConfig();
    // The API client is configured by the form's action chunk (features/auth/login-action.ts).
    setRuntimeConfig(config);
  } catch (error) {
    root.render(<ConfigError error={error} />);
    return;
  }
  // Rendered once the translations are there: the first commit replaces the prerendered page (see
  // index.html) with the same form, never with a loading state. The message catalogue too: the
  // form's fields show the login schema's codes in it (FormField would otherwise suspend on it).
  await initI18n({ namespaces: ['common', 'host', MESSAGES_NAMESPACE] });
  const container = document.getElementById('root')!;
  const typed = takeOverPrerendered(container);
  flushSync(() => root.render(<Page initialValues={typed.values} />));
  // Someone typing into the form is about to sign in: fetch the console meanwhile (not on load, so
  // a visitor who only looks at the page downloads nothing more).
  const start = () => prefetchConsole(getRuntimeConfig());
  for (const type of ['input', 'keydown', 'pointerdown']) container.addEventListener(type, start, { once: true, passive: true });
  if (typed.values.email || typed.values.password) start();
  if (typed.focused) container.querySelector<HTMLInputElement>(`input[name="${typed.focused}"]`)?.focus();
}

void start();
