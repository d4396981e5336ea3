import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { RedirectIfAuthenticated } from 'shared-auth';
import { RouteError } from '../screens/RouteError';
import { AuthedArea } from './AuthedArea';

/**
 * Host routes are known at build time; every other path is resolved by <AuthedArea>, which reads
 * the manifests of the remotes that could be loaded (and the runtime config's base paths for
 * those that could not). Every screen is its own lazily loaded chunk.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    errorElement: <RouteError />,
    element: <Outlet />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        element: (
          <RedirectIfAuthenticated>
            <Outlet />
          </RedirectIfAuthenticated>
        ),
        children: [
          // A first visit to /login is served by the sign-in bundle (src/sign-in, chosen by index.html):
          // the console reaches this route only after a sign-out or a guard's redirect, so it is lazy too.
          { path: 'login', lazy: () => import('../features/auth/LoginScreen').then((m) => ({ Component: m.LoginScreen })) },
          { path: 'forget-password', lazy: () => import('../features/auth/ForgotPasswordScreen').then((m) => ({ Component: m.ForgotPasswordScreen })) },
          { path: 'reset-password', lazy: () => import('../features/auth/ResetPasswordScreen').then((m) => ({ Component: m.ResetPasswordScreen })) },
          { path: 'reset-wait', lazy: () => import('../features/auth/ResetWaitScreen').then((m) => ({ Component: m.ResetWaitScreen })) },
        ],
      },
      { path: 'workspace/invitations/:id', lazy: () => import('../features/auth/InvitationScreen').then((m) => ({ Component: m.InvitationScreen })) },
      { path: 'confirm', lazy: () => import('../features/auth/ConfirmScreen').then((m) => ({ Component: m.ConfirmScreen })) },
      { path: 'switch', lazy: () => import('../features/auth/SwitchScreen').then((m) => ({ Component: m.SwitchScreen })) },
      { path: '*', element: <AuthedArea /> },
    ],
  },
]);
