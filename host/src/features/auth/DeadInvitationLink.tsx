import { Alert, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/**
 * An invitation link that no longer works (used, expired, withdrawn): the server's message, and what
 * to do — only the inviter can send a new invitation, so the invitee is told to ask them.
 */
export function DeadInvitationLink({ message }: { message: string }) {
  const { t } = useTranslation('host');
  return (
    <Stack gap="3" data-testid="invitation-link-dead">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      <Text>{t('invitation.askInviter')}</Text>
    </Stack>
  );
}
