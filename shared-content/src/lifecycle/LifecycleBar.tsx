import { useState } from 'react';
import { CalendarClock, Rocket, Undo2 } from 'lucide-react';
import { canAct, type ContentStatus } from 'contracts';
import { Alert, Button, HStack, Stack, Text, toaster } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useCan } from 'shared-auth';
import type { ContentSubject } from '../content-list/kinds';
import type { LifecycleCalls } from './api/lifecycle-calls';
import { usePublishContent } from './api/publish-content';
import { useDiscardContentDraft } from './api/discard-content-draft';
import { PublishDialog } from './PublishDialog';
import { ScheduleDialog } from './ScheduleDialog';
import { StatusBadge } from './StatusBadge';

export interface LifecycleItem {
  _id: string;
  status: ContentStatus;
  hasDraft: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

/** The title an item is named by (its kind's title field), or '' when it has none. */
export const titleIn = (item: object, titleField: string): string => {
  const value = (item as Record<string, unknown>)[titleField];
  return typeof value === 'string' ? value : '';
};

/**
 * An item's status and the lifecycle's actions that apply to it now (contracts' lifecycle.ts), for
 * those who may update it: Publish, Schedule, and while a live item has unpublished changes the
 * notice "Unpublished changes" with Publish and Discard. The same bar for every kind. Publish asks
 * first (PublishDialog: how many it reaches, or that it goes live on the website).
 */
export function LifecycleBar({ calls, subject, item, title = '' }: { calls: LifecycleCalls; subject: ContentSubject; item: LifecycleItem; title?: string }) {
  const { t } = useTranslation('common');
  const canUpdate = useCan('update', subject);
  const publish = usePublishContent(calls);
  const discard = useDiscardContentDraft(calls);
  const [scheduling, setScheduling] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const run = async (action: () => Promise<{ message: string }>, fallback: string) => {
    try {
      toaster.create({ type: 'success', title: (await action()).message });
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, fallback) });
      // The question stays open to try again.
      throw error;
    }
  };
  const doPublish = () => run(() => publish.mutateAsync({ params: { id: item._id } }), t('lifecycle.publishFailed'));
  const askPublish = () => setPublishing(true);
  return (
    <Stack gap="3" role="region" aria-label={t('lifecycle.region')} data-testid="lifecycle-bar">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          {t('lifecycle.statusLabel')}
        </Text>
        <StatusBadge status={item.status} startsAt={item.startsAt} endsAt={item.endsAt} />
        {canUpdate && !item.hasDraft && canAct('publish', item) && (
          <Button size="sm" colorPalette="brand" onClick={askPublish} loading={publish.isPending} data-testid="lifecycle-publish">
            <Rocket size={14} aria-hidden />
            {t('lifecycle.publish')}
          </Button>
        )}
        {canUpdate && canAct('schedule', item) && (
          <Button size="sm" variant="outline" onClick={() => setScheduling(true)} data-testid="lifecycle-schedule">
            <CalendarClock size={14} aria-hidden />
            {t('lifecycle.scheduleButton')}
          </Button>
        )}
      </HStack>
      {item.hasDraft && (
        <Alert.Root status="warning" data-testid="lifecycle-unpublished">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('lifecycle.unpublished')}</Alert.Title>
            <Alert.Description>{t('lifecycle.unpublishedHelp')}</Alert.Description>
          </Alert.Content>
          {canUpdate && (
            <HStack gap="2" alignSelf="center">
              <Button size="sm" colorPalette="brand" onClick={askPublish} loading={publish.isPending} data-testid="lifecycle-publish">
                <Rocket size={14} aria-hidden />
                {t('lifecycle.publish')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDiscarding(true)} data-testid="lifecycle-discard">
                <Undo2 size={14} aria-hidden />
                {t('lifecycle.discard')}
              </Button>
            </HStack>
          )}
        </Alert.Root>
      )}
      <PublishDialog subject={subject} id={item._id} title={title} open={publishing} onClose={() => setPublishing(false)} onConfirm={doPublish} />
      <ScheduleDialog open={scheduling} onClose={() => setScheduling(false)} calls={calls} item={item} />
      <ConfirmDialog
        open={discarding}
        onClose={() => setDiscarding(false)}
        onConfirm={() => run(() => discard.mutateAsync({ params: { id: item._id } }), t('lifecycle.discardFailed'))}
        testId="discard-dialog"
        title={t('lifecycle.discardTitle')}
        description={t('lifecycle.discardConfirm')}
        confirmLabel={t('lifecycle.discard')}
      />
    </Stack>
  );
}
