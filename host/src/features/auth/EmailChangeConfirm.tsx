import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { setUser, useSession } from 'shared-auth';
import { AuthLayout } from './AuthLayout';
import { confirmEmail } from './api/confirm-email';
import { getMe } from './api/get-me';

/**
 * /confirm?email_token=…: following the link mailed to a new address makes the e-mail change take
 * effect (POST /api/users/email-confirm). The call waits for a click rather than running on load,
 * so a mail scanner opening the link does not use it up.
 */
export function EmailChangeConfirm({ token }: { token: string }) {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const confirm = async () => {
    setBusy(true);
    try {
      await confirmEmail(token);
      // Signed in on this device: show the new address at once.
      if (signedIn) {
        setUser((await getMe()).data);
      }
      setOutcome({ ok: true, message: t('emailConfirm.success') });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, t('errors.generic')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('emailConfirm.title')} subtitle={t('emailConfirm.subtitle')}>
      <Stack gap="4" data-testid="email-confirm">
        {outcome ? (
          <>
            <Alert.Root status={outcome.ok ? 'success' : 'error'}>
              <Alert.Indicator />
              <Alert.Title>{outcome.message}</Alert.Title>
            </Alert.Root>
            <Button colorPalette="brand" onClick={() => navigate(signedIn ? '/profile' : '/login')}>
              {signedIn ? t('emailConfirm.openProfile') : t('emailConfirm.signIn')}
            </Button>
          </>
        ) : (
          <>
            <Text>{t('emailConfirm.question')}</Text>
            <Button colorPalette="brand" loading={busy} onClick={confirm}>
              {t('emailConfirm.submit')}
            </Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
