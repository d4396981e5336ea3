import { ConfirmDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import type { ContentSubject } from '../content-list/kinds';
import { reachesOffPage, useContentReach } from './api/get-content-reach';

/**
 * The question before Publish (or before creating an item that goes out at once). What reaches
 * people off the page names how many it reaches (an e-mail's recipients, a push notification's
 * subscribed devices), counted when asked, and cannot be confirmed before the figure is known; what
 * shows on pages says it goes live there.
 */
export function PublishDialog({
  subject,
  id,
  title,
  open,
  onConfirm,
  onClose,
}: {
  subject: ContentSubject;
  /** The item (null: not created yet, for a push notification sent on creation). */
  id: string | null;
  title: string;
  open: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const offPage = reachesOffPage(subject);
  const { reach, failed, counting } = useContentReach(subject, id, open && offPage);
  const description = !offPage
    ? t('lifecycle.publishConfirm', { title })
    : reach
      ? t(subject === 'email' ? 'lifecycle.publishConfirmEmail' : 'lifecycle.publishConfirmPush', { title, count: reach.count })
      : failed
        ? t('lifecycle.publishReachFailed')
        : t('lifecycle.publishReachCounting');
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      onConfirm={onConfirm}
      testId="publish-dialog"
      tone="primary"
      title={offPage ? t('lifecycle.sendTitle') : t('lifecycle.publishTitle')}
      description={<span data-testid="publish-reach">{description}</span>}
      confirmLabel={offPage ? t('lifecycle.publishAndSend') : t('lifecycle.publish')}
      confirmDisabled={offPage && counting}
    />
  );
}
