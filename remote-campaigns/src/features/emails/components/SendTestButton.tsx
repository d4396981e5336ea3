import { Send } from 'lucide-react';
import { Button, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useSendTestEmail } from '../api/send-test-email';

/** "Send a test to me": the saved e-mail to the signed-in user's own address (placeholders show their fallbacks). */
export function SendTestButton({ id }: { id: string }) {
  const { t } = useTranslation('campaigns');
  const { mutateAsync, isPending } = useSendTestEmail();
  const send = async () => {
    try {
      const answer = await mutateAsync({ params: { id } });
      toaster.create({ type: 'success', title: answer.message });
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, t('emails.testFailed')) });
    }
  };
  return (
    <Button variant="outline" onClick={send} loading={isPending} data-testid="email-send-test">
      <Send size={14} aria-hidden />
      {t('emails.sendTest')}
    </Button>
  );
}
