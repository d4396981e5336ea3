/**
 * Runs one remote alone, for its team: the same providers as inside the host (Chakra system, i18n,
 * session store, API client), a sign-in form against the real API, and the remote's own routes from
 * its manifest. Imported only by a remote's `standalone.tsx`, so it is bundled into the remote's
 * standalone page and never shared or shipped to the host.
 */
// The ambient declaration of the build-generated `@signpost/remote-screens` has nothing to import:
// a reference is the only way to bring it into every remote that imports this page.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./remote-screens.d.ts" />
import { loginCall } from 'contracts';
import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, NavLink, Outlet, RouterProvider, useNavigate } from 'react-router-dom';
import type { RemoteManifest } from 'contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Flex,
  FormField,
  HStack,
  Input,
  LoaderOverlay,
  NativeSelect,
  Stack,
  StatePanel,
  Text,
  UiProvider,
  useColorMode,
  toastErrorNotice,
} from 'shared-ui';
import { LANGUAGES, MESSAGES_NAMESPACE, changeLanguage, i18n, initI18n, registerNamespace, useTranslation } from 'shared-i18n';
// Through the package name, not relative paths: the standalone page must use the same (shared)
// session module as the remote's screens, or it would run two session stores.
import { callApi, configureApi, DataProvider, errorMessage, setErrorNotifier } from 'shared-data';
import { initSession, signIn, useSession, RedirectIfAuthenticated, RequireAuth, RequirePermission, SessionProvider } from 'shared-auth';

export type ScreenLoaders = Record<string, () => Promise<{ default: ComponentType }>>;

function StandaloneLogin() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Center minH="100dvh" bg="bg.subtle" px="4">
      <Card.Root w="full" maxW="sm">
        <Card.Body>
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy(true);
              setError(null);
              try {
                signIn(await callApi(loginCall, { body: { email, password } }));
                navigate('/', { replace: true });
              } catch (err) {
                setError(errorMessage(err, t('errors.generic')));
              } finally {
                setBusy(false);
              }
            }}
          >
            <Stack gap="4">
              <Text fontWeight="bold" fontSize="lg">
                {t('standalone.title', { name: 'Signpost' })}
              </Text>
              {error && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              )}
              <FormField label={t('standalone.email')} required>
                <Input type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoComplete="username" />
              </FormField>
              <FormField label={t('standalone.password')} required>
                <Input type="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" />
              </FormField>
              <Button type="submit" colorPalette="brand" loading={busy}>
                {t('standalone.signIn')}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

function StandaloneLayout({ manifest }: { manifest: RemoteManifest }) {
  const { t } = useTranslation(manifest.namespace);
  const { t: tc } = useTranslation('common');
  const { user, signOut } = useSession();
  const { toggleColorMode } = useColorMode();
  return (
    <Flex direction="column" minH="100dvh">
      <HStack as="header" px="4" h="12" borderBottomWidth="1px" gap="4" bg="bg.panel">
        <Text fontWeight="bold">{manifest.name}</Text>
        {manifest.nav.map((entry) => (
          <NavLink key={entry.path} to={entry.path}>
            {t(entry.labelKey)}
          </NavLink>
        ))}
        <Box flex="1" />
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field value={i18n.language} onChange={(e) => void changeLanguage(e.currentTarget.value)} aria-label={tc('header.language')}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
        <Button size="xs" variant="ghost" onClick={toggleColorMode}>
          {tc('standalone.theme')}
        </Button>
        <Text fontSize="sm">{user?.name}</Text>
        <Button size="xs" variant="outline" onClick={() => void signOut()}>
          {tc('standalone.signOut')}
        </Button>
      </HStack>
      <Box as="main" flex="1" p="6" bg="bg.subtle">
        <Suspense fallback={<LoaderOverlay label="" />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  );
}

function App({ manifest, screens }: { manifest: RemoteManifest; screens: ScreenLoaders }) {
  const [lng, setLng] = useState(i18n.language ?? 'en');
  useMemo(() => i18n.on('languageChanged', setLng), []);
  const router = useMemo(
    () =>
      createBrowserRouter([
        {
          path: '/login',
          element: (
            // A remote alone has no /dashboard: a signed-in visitor goes to its first screen.
            <RedirectIfAuthenticated to="/">
              <StandaloneLogin />
            </RedirectIfAuthenticated>
          ),
        },
        {
          path: '/',
          element: (
            <RequireAuth fallback={<LoaderOverlay label="" />}>
              <StandaloneLayout manifest={manifest} />
            </RequireAuth>
          ),
          children: [
            { index: true, element: manifest.routes[0] ? <Navigate to={manifest.routes[0].path} replace /> : <StatePanel title={manifest.name} /> },
            ...manifest.routes.map((route) => {
              const loader = screens[route.screen];
              const Screen = loader ? lazy(loader) : () => <StatePanel title={`${route.screen}?`} />;
              return {
                path: route.path.slice(1),
                element: (
                  <RequirePermission permission={route.permission as never}>
                    <Screen />
                  </RequirePermission>
                ),
              };
            }),
            { path: 'forbidden', element: <StatePanel tone="warning" title="403" /> },
            { path: '*', element: <StatePanel title="404" /> },
          ],
        },
      ]),
    [manifest, screens],
  );
  return (
    <UiProvider locale={lng}>
      <SessionProvider>
        <DataProvider>
          <Suspense fallback={<LoaderOverlay label="" />}>
            <RouterProvider router={router} />
          </Suspense>
        </DataProvider>
      </SessionProvider>
    </UiProvider>
  );
}

export function renderStandalone({ manifest, screens, apiBaseUrl }: { manifest: RemoteManifest; screens: ScreenLoaders; apiBaseUrl: string }) {
  configureApi({ baseURL: apiBaseUrl });
  setErrorNotifier(toastErrorNotice);
  void initI18n({ namespaces: ['common', manifest.namespace, MESSAGES_NAMESPACE] });
  void registerNamespace(manifest.namespace, '');
  void initSession();
  createRoot(document.getElementById('root')!).render(<App manifest={manifest} screens={screens} />);
}
