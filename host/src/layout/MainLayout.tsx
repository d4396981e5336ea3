import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Box, Flex } from 'shared-ui';
import { ContentSkeleton } from './ContentSkeleton';
import { loadAllManifests } from '../federation/remotes';
import { RemoteContent } from '../federation/RemoteContent';
import { ForbiddenScreen } from '../screens/ForbiddenScreen';
import { Sidebar } from './Sidebar';
import { Header } from './Header';

const ProfileScreen = lazy(() => import('../features/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })));

/** The main layout: sidebar with its sub-sidebar, header, and the section outlet. */
export function MainLayout() {
  // Remotes are fetched once signed in, never for the sign-in page (keeps it light).
  useEffect(() => loadAllManifests(), []);
  return (
    <Flex h="100dvh" overflow="hidden">
      <Sidebar />
      <Flex direction="column" flex="1" minW="0">
        <Header />
        <Box as="main" id="main" flex="1" overflowY="auto" px={{ base: '4', md: '8' }} py="6" bg="bg.subtle">
          <Suspense fallback={<ContentSkeleton />}>
            <Routes>
              <Route path="/profile" element={<ProfileScreen />} />
              <Route path="/forbidden" element={<ForbiddenScreen />} />
              <Route path="*" element={<RemoteContent layout="main" />} />
            </Routes>
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
