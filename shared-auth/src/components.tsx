/**
 * `<Can>`, the route guards and the session Provider. The guards:
 * unauthenticated → /login, missing route permission → /forbidden, signed-in on a login-type page →
 * /dashboard (or /switch with the token carried along).
 */
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'jotai';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import type { Permission, Resource } from 'contracts';
import type { AppAbility, ResourceAction, ResourceSubject } from './ability';
import { hasPermission } from './ability';
import { sessionStore } from './atoms';
import { useAbility, useAuthStatus, usePermissions } from './hooks';
import { initSession } from './session';

/**
 * A jotai Provider over the session store, for code that reads session atoms with plain `useAtomValue`.
 * Optional: this package's own hooks read `sessionStore` directly.
 */
/** The session store: the host and a remote's standalone page both render this once (with shared-data's `DataProvider`). */
export function SessionProvider({ children }: { children?: ReactNode }) {
  return <Provider store={sessionStore}>{children}</Provider>;
}

export interface CanProps<R extends Resource> {
  /** An action of the resource (typed like `useCan`). */
  I: ResourceAction<R>;
  a?: ResourceSubject<R>;
  an?: ResourceSubject<R>;
  this?: ResourceSubject<R>;
  field?: string;
  /** Render the children when the ability does NOT allow it. */
  not?: boolean;
  /** Render the children either way (a function child gets `allowed` and decides, e.g. to disable). */
  passThrough?: boolean;
  children?: ReactNode | ((allowed: boolean, ability: AppAbility) => ReactNode);
}

/**
 * Shows its children only if the ability allows `I` on `a`, like @casl/react's `<Can>`: for a
 * control shown or hidden by one permission (`useCan` when the answer feeds more than the markup).
 */
export function Can<R extends Resource>(props: CanProps<R>) {
  const ability = useAbility();
  const subject = props.a ?? props.an ?? props.this;
  const can = subject !== undefined && ability.can(props.I, subject, props.field);
  const allowed = props.not ? !can : can;
  if (!allowed && !props.passThrough) return null;
  const { children } = props;
  return <>{typeof children === 'function' ? children(allowed, ability) : children}</>;
}

/** Starts the start-up check if nobody did: a guard must never wait forever on `idle`. */
function useInitOnIdle(status: string): void {
  useEffect(() => {
    if (status === 'idle') void initSession();
  }, [status]);
}

export interface GuardProps {
  /** What to render; defaults to the nested routes (`<Outlet/>`). */
  children?: ReactNode;
  /** Shown while the session is still being established (idle or loading); the host's loader. */
  fallback?: ReactNode;
}

/** Signed-in screens: unauthenticated visitors go to /login, remembering where they were going. */
export function RequireAuth({ children, fallback = null }: GuardProps) {
  const status = useAuthStatus();
  const location = useLocation();
  useInitOnIdle(status);
  if (status === 'idle' || status === 'loading') return <>{fallback}</>;
  if (status === 'unauthenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children ?? <Outlet />}</>;
}

export interface RequirePermissionProps extends GuardProps {
  /** The exact permission the route needs; null means any signed-in user. */
  permission: Permission | null | undefined;
}

/**
 * A route's permission: the user must hold exactly that string, else /forbidden. It also guards
 * authentication itself, so a permission route placed outside `<RequireAuth>` cannot send a visitor
 * whose session is still loading to /forbidden.
 */
export function RequirePermission({ permission, children, fallback = null }: RequirePermissionProps) {
  const status = useAuthStatus();
  const permissions = usePermissions();
  const location = useLocation();
  useInitOnIdle(status);
  if (status === 'idle' || status === 'loading') return <>{fallback}</>;
  if (status === 'unauthenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  if (!hasPermission(permissions, permission)) return <Navigate to="/forbidden" replace />;
  return <>{children ?? <Outlet />}</>;
}

/**
 * Login-type pages (/, /login, /forget-password, /reset-password, /reset-wait): a signed-in visitor goes
 * to /dashboard, or to /switch with the `token` (and `email`) query parameters carried along when there is a token.
 */
export function RedirectIfAuthenticated({ children, fallback = null, to = '/dashboard' }: GuardProps & { to?: string }) {
  const status = useAuthStatus();
  const [params] = useSearchParams();
  useInitOnIdle(status);
  if (status === 'idle' || status === 'loading') return <>{fallback}</>;
  if (status === 'authenticated') {
    const token = params.get('token');
    if (!token) return <Navigate to={to} replace />;
    // The link's e-mail rides along too (a reset link offers a new link for it when it is used up).
    const email = params.get('email');
    const carried = new URLSearchParams(email ? { token, email } : { token });
    return <Navigate to={`/switch?${carried.toString()}`} replace />;
  }
  return <>{children ?? <Outlet />}</>;
}
