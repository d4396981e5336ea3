import { invitationPasswordBodySchema } from 'contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Stack, Text, toaster, applyServerFieldErrors, useContractForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, fieldErrors } from 'shared-data';
import { setInvitationPassword } from './api/set-invitation-password';
import { DeadInvitationLink } from './DeadInvitationLink';
import { AuthLayout } from './AuthLayout';
import { EmailChangeConfirm } from './EmailChangeConfirm';
import { PASSWORD_FORM_MESSAGES, PasswordPairFields } from './password-pair';

/** The call's own body schema, with the password forms' wording. */

/**
 * /confirm (spec: "confirm password; reads query parameters"). Two links lead here:
 *   ?token=…&email=…  a person invited to an organisation, who has no account yet, chooses their
 *                     password (PATCH /api/user/invitations/password);
 *   ?email_token=…    the link confirming a new e-mail address (POST /api/users/email-confirm).
 * The layout carries the language switcher.
 */
export function ConfirmScreen() {
  const [params] = useSearchParams();
  const emailToken = params.get('email_token');
  return emailToken ? <EmailChangeConfirm token={emailToken} /> : <InvitationPasswordConfirm />;
}

function InvitationPasswordConfirm() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email');
  // The server's word on a used or expired link.
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useContractForm(invitationPasswordBodySchema, {
    raw: true,
    messages: PASSWORD_FORM_MESSAGES,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await setInvitationPassword(token, values);
      toaster.create({ type: 'success', title: t('confirm.success') });
      navigate('/login', { replace: true });
    } catch (error) {
      const tokenError = fieldErrors(error).token;
      if (tokenError) setDeadLink(tokenError);
      else if (!applyServerFieldErrors(error, setError, ['password', 'confirmPassword']))
        toaster.create({ type: 'error', title: errorMessage(error, t('errors.generic')) });
    }
  });
  return (
    <AuthLayout title={t('confirm.title')} subtitle={t('confirm.subtitle')}>
      {!token ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('confirm.missingToken')}</Alert.Title>
        </Alert.Root>
      ) : deadLink ? (
        <DeadInvitationLink message={deadLink} />
      ) : (
        <form onSubmit={onSubmit} noValidate data-testid="confirm-form">
          <Stack gap="4">
            {email && <Text color="fg.muted">{t('confirm.forEmail', { email })}</Text>}
            <PasswordPairFields register={register} errors={formState.errors} autoFocus />
            <Button type="submit" colorPalette="brand" loading={formState.isSubmitting}>
              {t('confirm.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
