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

/** The success toast of a sign-in made by the sign-in bundle, which then loaded this page. */
function useWelcomeToast() {
  useEffect(() => {
    if (!takeWelcome()) return;
    void i18n.loadNamespaces('host').then(() => toaster.create({ type: 'success', title: i18n.t('host:login.success') }));
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
