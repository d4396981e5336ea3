import { lazy, Suspense } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { RequireAuth, useRestoreSlow, useSession } from 'shared-auth';
import { LoaderOverlay } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { remoteForPath } from '../federation/remotes';
import { NotFoundScreen } from '../screens/NotFoundScreen';

const MainLayout = lazy(() => import('../layout/MainLayout').then((m) => ({ default: m.MainLayout })));
const BareArea = lazy(() => import('../layout/BareArea').then((m) => ({ default: m.BareArea })));

/** Host screens that live inside the main layout. */
export const HOST_LAYOUT_PATHS = ['/profile', '/forbidden', '/notifications'];
/** Remote routes that use the bare layout (/pretour). */
const BARE_PATHS = ['/pretour'];

function Loader() {
  const { t } = useTranslation('common');
  // A slow restore keeps waiting; the person is told it is still going rather than signed out.
  const slow = useRestoreSlow();
  return <LoaderOverlay label={t(slow ? 'loader.sessionSlow' : 'loader.session')} />;
}

/**
 * Every path that is not a public host route. Unknown paths show the not-found screen (inside the
 * layout for a signed-in user); known ones need a session, then render in the main or bare layout.
 */
export function AuthedArea() {
  const { pathname } = useLocation();
  const { status } = useSession();
  const known = HOST_LAYOUT_PATHS.some((p) => matchPath(p, pathname)) || Boolean(remoteForPath(pathname));

  if (!known && status !== 'authenticated') {
    if (status === 'idle' || status === 'loading') return <Loader />;
    return <NotFoundScreen standalone />;
  }
  const bare = BARE_PATHS.some((p) => matchPath({ path: p, end: false }, pathname));
  return (
    <RequireAuth fallback={<Loader />}>
      <Suspense fallback={<Loader />}>{bare ? <BareArea /> : <MainLayout />}</Suspense>
    </RequireAuth>
  );
}
