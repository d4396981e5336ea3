import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, HStack, Stack, Text, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, fieldErrors } from 'shared-data';
import { useSession } from 'shared-auth';
import { acceptEmailInvitation } from './api/accept-email-invitation';
import { answerInvitation } from './api/answer-invitation';
import { DeadInvitationLink } from './DeadInvitationLink';
import { AuthLayout } from './AuthLayout';

/**
 * /workspace/invitations/{id}?token=…: someone who already has an account accepts or declines an
 * invitation to an organisation; without the link's token there is nothing to answer with. Signed in, the answer goes to POST /api/invitations/{id}/{type};
 * from the mail's link without a session, acceptance goes through POST /api/email/{id}/accept.
 */
export function InvitationScreen() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const [done, setDone] = useState<'accept' | 'reject' | null>(null);
  // The server's word on a used or expired link.
  const [deadLink, setDeadLink] = useState<string | null>(null);

  const answer = async (type: 'accept' | 'reject') => {
    // The mailed token is always needed, signed in or not (the API refuses an answer without it);
    // the buttons only show with one.
    if (!token) return;
    setBusy(type);
    try {
      if (signedIn) await answerInvitation(id, type, token);
      else await acceptEmailInvitation(id, token);
      setDone(type);
      toaster.create({ type: 'success', title: type === 'accept' ? t('invitation.accepted') : t('invitation.rejected') });
    } catch (error) {
      const tokenError = fieldErrors(error).token;
      if (tokenError) setDeadLink(tokenError);
      else toaster.create({ type: 'error', title: errorMessage(error, t('errors.generic')) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthLayout title={t('invitation.title')} subtitle={t('invitation.subtitle')}>
      <Stack gap="4" data-testid="invitation">
        {done ? (
          <>
            <Alert.Root status={done === 'accept' ? 'success' : 'info'}>
              <Alert.Indicator />
              <Alert.Title>{done === 'accept' ? t('invitation.accepted') : t('invitation.rejected')}</Alert.Title>
            </Alert.Root>
            <Button colorPalette="brand" onClick={() => navigate(signedIn ? '/dashboard' : '/login')}>
              {signedIn ? t('invitation.openConsole') : t('invitation.signIn')}
            </Button>
          </>
        ) : !token || deadLink ? (
          <DeadInvitationLink message={deadLink ?? t('invitation.invalidLink')} />
        ) : (
          <>
            <Text>{t('invitation.question')}</Text>
            <HStack>
              <Button
                colorPalette="brand"
                loading={busy === 'accept'}
                disabled={busy !== null}
                onClick={() => answer('accept')}
                data-testid="invitation-accept"
              >
                {t('invitation.accept')}
              </Button>
              {signedIn && (
                <Button variant="outline" loading={busy === 'reject'} disabled={busy !== null} onClick={() => answer('reject')}>
                  {t('invitation.reject')}
                </Button>
              )}
            </HStack>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
