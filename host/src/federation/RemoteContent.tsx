import { Component, memo, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RequirePermission, useSession } from 'shared-auth';
import type { ParsedRemoteManifest, RuntimeRemote } from 'contracts';
import { ContentSkeleton } from '../layout/ContentSkeleton';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import { RemoteUnavailable } from '../screens/RemoteUnavailable';
import { remoteForPath, retryRemote } from './remotes';
import { markRemoteFailed } from './remote-status';
import { remoteScreen } from './screens';
import { useRemotes } from './useRemotes';

/** A route only the super-admin may open: anyone else lands on /forbidden, like a missing permission. */
function SuperAdminGate({ required, children }: { required: boolean; children: ReactNode }) {
  const { user } = useSession();
  if (required && !user?.isSuperAdmin) return <Navigate to="/forbidden" replace />;
  return <>{children}</>;
}

/** Catches anything a remote's screen throws, so only its own section shows the fallback. */
class SectionBoundary extends Component<{ remoteName: string; fallback: (error: Error) => ReactNode; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    markRemoteFailed(this.props.remoteName, error);
    console.error(`[signpost] section ${this.props.remoteName} failed`, error, info.componentStack);
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Memoised: another remote's manifest arriving re-renders the outlet (useRemotes), and must not draw
 * the open screen again (on the first visit, four remotes arrive one after the other).
 */
const RemoteRoutes = memo(function RemoteRoutes({
  remote,
  manifest,
  layout,
  attempt,
}: {
  remote: RuntimeRemote;
  manifest: ParsedRemoteManifest;
  layout: 'main' | 'bare';
  attempt: number;
}) {
  return (
    <Routes>
      {manifest.routes
        .filter((route) => route.layout === layout)
        .map((route) => {
          const Screen = remoteScreen(remote.name, route.screen, attempt);
          return (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RequirePermission permission={route.permission}>
                  <SuperAdminGate required={route.superAdminOnly}>
                    <Screen />
                  </SuperAdminGate>
                </RequirePermission>
              }
            />
          );
        })}
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
});

/**
 * The outlet of a remote's section: a skeleton while its manifest loads, the fallback with a retry
 * when it failed, else its routes (each guarded by the permission its manifest declares).
 */
export function RemoteContent({ layout }: { layout: 'main' | 'bare' }) {
  const { pathname } = useLocation();
  const remotes = useRemotes();
  const [attempts, setAttempts] = useState<Record<string, number>>({});
  const remote = remoteForPath(pathname);
  if (!remote) return <NotFoundScreen />;
  const entry = remotes.find((r) => r.remote.name === remote.name);
  const state = entry?.state ?? { status: 'idle' as const };
  const attempt = attempts[remote.name] ?? 0;

  // The attempt number moves first, so no render between "ready again" and the new attempt can
  // reuse the lazy screen (or error boundary) of the failed attempt.
  const retry = async () => {
    setAttempts((a) => ({ ...a, [remote.name]: attempt + 1 }));
    await retryRemote(remote.name);
  };

  if (state.status === 'failed') return <RemoteUnavailable section={remote.section} onRetry={retry} skew={state.skew} />;
  if (state.status !== 'ready' || !entry?.manifest) return <ContentSkeleton />;

  return (
    <SectionBoundary key={`${remote.name}#${attempt}`} remoteName={remote.name} fallback={() => <RemoteUnavailable section={remote.section} onRetry={retry} />}>
      <Suspense fallback={<ContentSkeleton />}>
        <RemoteRoutes remote={remote} manifest={entry.manifest} layout={layout} attempt={attempt} />
      </Suspense>
    </SectionBoundary>
  );
}
