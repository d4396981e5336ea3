import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Box, Flex } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { ContentSkeleton } from './ContentSkeleton';
import { loadAllManifests } from '../federation/remotes';
import { RemoteContent } from '../federation/RemoteContent';
import { ForbiddenScreen } from '../screens/ForbiddenScreen';
import { Sidebar } from './Sidebar';
import { Header } from './Header';

const NotificationsScreen = lazy(() => import('../features/notifications/NotificationsScreen').then((m) => ({ default: m.NotificationsScreen })));
const ProfileScreen = lazy(() => import('../features/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })));

/** The main layout: sidebar with its sub-sidebar, header, and the section outlet. */
export function MainLayout() {
  // Remotes are fetched once signed in, never for the sign-in page (keeps it light).
  useEffect(() => loadAllManifests(), []);
  const { t } = useTranslation('host');
  return (
    <Flex h="100dvh" overflow="hidden">
      {/* The first Tab stop: past the sidebar and the header straight to the screen (WCAG 2.4.1). */}
      <Box
        asChild
        position="fixed"
        top="2"
        insetStart="2"
        zIndex="skipLink"
        px="4"
        py="2"
        borderRadius="md"
        bg="brand.solid"
        color="brand.contrast"
        fontWeight="semibold"
        transform="translateY(-200%)"
        _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <a
          href="#main"
          data-testid="skip-to-content"
          onClick={(e) => {
            e.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          {t('layout.skipToContent')}
        </a>
      </Box>
      <Sidebar />
      <Flex direction="column" flex="1" minW="0">
        <Header />
        <Box as="main" id="main" tabIndex={-1} outline="none" flex="1" overflowY="auto" px={{ base: '4', md: '8' }} py="6" bg="bg.subtle">
          <Suspense fallback={<ContentSkeleton />}>
            <Routes>
              <Route path="/profile" element={<ProfileScreen />} />
              <Route path="/notifications" element={<NotificationsScreen />} />
              <Route path="/forbidden" element={<ForbiddenScreen />} />
              <Route path="*" element={<RemoteContent layout="main" />} />
            </Routes>
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
