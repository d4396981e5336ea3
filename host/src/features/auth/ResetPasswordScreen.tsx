import { resetPasswordBodySchema } from 'contracts';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Link, Stack, toaster, applyServerFieldErrors, useContractForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, fieldErrors } from 'shared-data';
import { resetPassword } from './api/reset-password';
import { AuthLayout } from './AuthLayout';
import { PASSWORD_FORM_MESSAGES, PasswordPairFields } from './password-pair';

/** The call's own body schema (the link's token is one of its values), with the password forms' wording. */

/**
 * Fields token, password, confirmPassword; the token comes from the mail's link
 * (with the account's e-mail). A used or expired link says so (the server's message, in the user's
 * language) and offers to send a new one to that e-mail.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  // The server's word on a link that no longer works ('This reset link is invalid, already used or expired').
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useContractForm(resetPasswordBodySchema, {
    raw: true,
    messages: PASSWORD_FORM_MESSAGES,
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ password, confirmPassword }) => {
    try {
      await resetPassword({ token, password, confirmPassword });
      toaster.create({ type: 'success', title: t('reset.success') });
      navigate('/login', { replace: true });
    } catch (error) {
      const tokenError = fieldErrors(error).token;
      if (tokenError) return setDeadLink(tokenError);
      if (!applyServerFieldErrors(error, setError, ['password', 'confirmPassword']))
        toaster.create({ type: 'error', title: errorMessage(error, t('reset.failed')) });
    }
  });
  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {!token || deadLink ? (
        <Stack gap="4" data-testid="reset-link-dead">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{deadLink ?? t('reset.missingToken')}</Alert.Title>
          </Alert.Root>
          {deadLink ? (
            <Button asChild colorPalette="brand">
              <RouterLink to={email ? `/forget-password?email=${encodeURIComponent(email)}` : '/forget-password'}>{t('reset.sendNew')}</RouterLink>
            </Button>
          ) : (
            <Link asChild color="brand.fg">
              <RouterLink to="/forget-password">{t('reset.askAgain')}</RouterLink>
            </Link>
          )}
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate data-testid="reset-form">
          <input type="hidden" name="token" value={token} readOnly />
          <Stack gap="4">
            <PasswordPairFields register={register} errors={formState.errors} autoFocus />
            <Button type="submit" colorPalette="brand" loading={formState.isSubmitting}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
