import { forgotPasswordBodySchema } from 'contracts';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, FormField, Input, Link, Stack, toaster, applyServerFieldErrors, useContractForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { forgotPassword } from './api/forgot-password';
import { AuthLayout } from './AuthLayout';

/**
 * The contract's own body schema (the server checks the same), with the screen's wording of "please
 * enter"; the e-mail goes as typed (`raw`).
 */
const FORM_MESSAGES = { 'validation.emailRequired': 'form.required' } as const;

export function ForgotPasswordScreen() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  // Coming from a used or expired reset link: its e-mail, so a new link is one click away.
  const [params] = useSearchParams();
  const { register, handleSubmit, setError, formState } = useContractForm(forgotPasswordBodySchema, {
    raw: true,
    messages: FORM_MESSAGES,
    defaultValues: { email: params.get('email') ?? '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgotPassword(email);
      toaster.create({ type: 'success', title: t('forgot.sent') });
      navigate('/reset-wait', { state: { email } });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email'])) toaster.create({ type: 'error', title: errorMessage(error, t('errors.generic')) });
    }
  });
  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormField label={t('login.email')} error={formState.errors.email?.message} required>
            <Input type="email" autoComplete="email" autoFocus {...register('email')} />
          </FormField>
          <Button type="submit" colorPalette="brand" loading={formState.isSubmitting}>
            {t('forgot.submit')}
          </Button>
          <Link asChild fontSize="sm" color="brand.fg" alignSelf="center">
            <RouterLink to="/login">{t('forgot.back')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
