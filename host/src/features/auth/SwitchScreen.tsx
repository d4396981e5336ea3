import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useSession } from 'shared-auth';
import { AuthLayout } from './AuthLayout';

/**
 * /switch?token=…: a signed-in person opened a link meant for signing in afresh (a password-reset
 * link carries its token here). They choose: stay in their session, or sign out and use the link.
 * Without a token there is no link to choose: straight on to the dashboard (or the sign-in page).
 */
export function SwitchScreen() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, status, signOut } = useSession();
  const signedIn = status === 'authenticated';
  const email = params.get('email');
  if (!token) return <Navigate to={signedIn ? '/dashboard' : '/login'} replace />;
  const target = `/reset-password?${new URLSearchParams(email ? { token, email } : { token }).toString()}`;
  return (
    <AuthLayout title={t('switch.title')}>
      <Stack gap="4" data-testid="switch">
        <Text>{signedIn ? t('switch.signedInAs', { name: user?.name ?? '' }) : t('switch.notSignedIn')}</Text>
        {signedIn ? (
          <>
            <Button
              colorPalette="brand"
              onClick={async () => {
                await signOut();
                navigate(target, { replace: true });
              }}
            >
              {t('switch.signOutAndContinue')}
            </Button>
            <Button variant="outline" onClick={() => navigate('/dashboard', { replace: true })}>
              {t('switch.stay', { name: user?.name ?? '' })}
            </Button>
          </>
        ) : (
          <Button colorPalette="brand" onClick={() => navigate(target, { replace: true })}>
            {t('switch.continue')}
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
