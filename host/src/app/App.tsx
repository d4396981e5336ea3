import { Suspense, useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { LoaderOverlay, UiProvider, toaster, toastErrorNotice } from 'shared-ui';
import { i18n, useTranslation } from 'shared-i18n';
import { SessionProvider } from 'shared-auth';
import { DataProvider, setErrorNotifier } from 'shared-data';
import { router } from './router';
import { useLanguage } from './useLanguage';
import { takeWelcome } from '../features/auth/welcome';
import { useDocumentTitle } from './document-title';
import { whenSettled } from './idle';

// A refused call (403) is told on the page's toaster: the data layer imports no UI.
setErrorNotifier(toastErrorNotice);

function BootLoader() {
  // Rendered before any translation is loaded: no text, just the spinner and a label for readers.
  return <LoaderOverlay label="" />;
}

function Routes() {
  useTranslation('common'); // suspends until the common namespace is there
  useDocumentTitle();
  return <RouterProvider router={router} />;
}

/**
 * The success toast of a sign-in made by the sign-in bundle, which then loaded this page. Raised
 * once the first screen has settled, not while it draws: the toast measures its height
 * (a forced layout of the whole page) and renders a machine of its own, which held the dashboard's
 * figures back.
 */
function useWelcomeToast() {
  useEffect(() => {
    if (!takeWelcome()) return;
    // Not cancelled on unmount: the mark is taken, the toast must still come.
    whenSettled(() => void i18n.loadNamespaces('host').then(() => toaster.create({ type: 'success', title: i18n.t('host:login.success') })), 6000);
  }, []);
}

export function App() {
  const lng = useLanguage();
  useWelcomeToast();
  return (
    <UiProvider locale={lng}>
      <SessionProvider>
        <DataProvider>
          <Suspense fallback={<BootLoader />}>
            <Routes />
          </Suspense>
        </DataProvider>
      </SessionProvider>
    </UiProvider>
  );
}
