import { Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { LoaderOverlay, UiProvider } from 'shared-ui';
import { i18n, useTranslation } from 'shared-i18n';
import { SessionProvider } from 'shared-auth';
import { router } from './router';

function useLanguage() {
  const [lng, setLng] = useState(i18n.language ?? 'en');
  useEffect(() => {
    const onChange = (next: string) => setLng(next);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return lng;
}

function BootLoader() {
  // Rendered before any translation is loaded: no text, just the spinner and a label for readers.
  return <LoaderOverlay label="" />;
}

function Routes() {
  useTranslation('common'); // suspends until the common namespace is there
  return <RouterProvider router={router} />;
}

export function App() {
  const lng = useLanguage();
  return (
    <UiProvider locale={lng}>
      <SessionProvider>
        <Suspense fallback={<BootLoader />}>
          <Routes />
        </Suspense>
      </SessionProvider>
    </UiProvider>
  );
}
