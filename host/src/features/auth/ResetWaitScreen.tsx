import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button, Link, Stack, Text, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { forgotPassword } from './api/forgot-password';
import { AuthLayout } from './AuthLayout';

/** After asking for a reset link: where to look, and a way to send it again. */
export function ResetWaitScreen() {
  const { t } = useTranslation('host');
  const email = (useLocation().state as { email?: string } | null)?.email;
  const [busy, setBusy] = useState(false);
  return (
    <AuthLayout title={t('resetWait.title')}>
      <Stack gap="4">
        <Text>{email ? t('resetWait.sentTo', { email }) : t('resetWait.sent')}</Text>
        <Text color="fg.muted" fontSize="sm">
          {t('resetWait.hint')}
        </Text>
        {email && (
          <Button
            variant="outline"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await forgotPassword(email);
                toaster.create({ type: 'success', title: t('forgot.sent') });
              } catch (error) {
                toaster.create({ type: 'error', title: errorMessage(error, t('errors.generic')) });
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('resetWait.resend')}
          </Button>
        )}
        <Link asChild fontSize="sm" color="brand.fg" alignSelf="center">
          <RouterLink to="/login">{t('forgot.back')}</RouterLink>
        </Link>
      </Stack>
    </AuthLayout>
  );
}
