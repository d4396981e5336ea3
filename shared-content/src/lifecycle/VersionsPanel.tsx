import { History } from 'lucide-react';
import { Badge, Button, HStack, List, Stack, Text, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { LifecyclePanel } from './LifecyclePanel';
import { errorMessage } from 'shared-data';
import { useCan } from 'shared-auth';
import type { ContentSubject } from '../content-list/kinds';
import type { LifecycleCalls } from './api/lifecycle-calls';
import { useContentVersions } from './api/list-content-versions';
import { useRestoreContentVersion } from './api/restore-content-version';
import { formatInstant } from './time-zone';

/**
 * The published versions of an item, newest first: who published each and when, which fields
 * changed, which one visitors see; "Restore" puts a version back as the unpublished changes (nothing
 * goes live until Publish). Statistics, comments and reactions belong to the item, not a version.
 */
export function VersionsPanel({ calls, subject, id }: { calls: LifecycleCalls; subject: ContentSubject; id: string }) {
  const { t, i18n } = useTranslation('common');
  const canUpdate = useCan('update', subject);
  const versions = useContentVersions(calls, id);
  const restore = useRestoreContentVersion(calls);
  const onRestore = async (number: number) => {
    try {
      const saved = await restore.mutateAsync({ params: { id, number } });
      toaster.create({ type: 'success', title: saved.message });
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, t('lifecycle.versions.restoreFailed')) });
    }
  };
  return (
    <LifecyclePanel testId="versions-panel" icon={<History size={16} aria-hidden />} title={t('lifecycle.versions.title')} headingMb="3">
      {versions.data && versions.data.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('lifecycle.versions.none')}
        </Text>
      )}
      <List.Root as="ol" listStyle="none" gap="3" ms="0">
        {(versions.data ?? []).map((v) => (
          <List.Item key={v.number} data-testid={`version-${v.number}`}>
            <Stack gap="1">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium">{t('lifecycle.versions.number', { number: v.number })}</Text>
                {v.live && (
                  <Badge colorPalette="green" data-testid="version-live">
                    {t('lifecycle.versions.live')}
                  </Badge>
                )}
                <Text fontSize="sm" color="fg.muted">
                  {v.author
                    ? t('lifecycle.versions.byOn', { name: v.author.name, date: formatInstant(v.createdAt, i18n.language) })
                    : t('lifecycle.versions.on', { date: formatInstant(v.createdAt, i18n.language) })}
                </Text>
                {canUpdate && !v.live && (
                  <Button size="xs" variant="outline" onClick={() => void onRestore(v.number)} data-testid="version-restore">
                    {t('lifecycle.versions.restore')}
                  </Button>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {v.summary.length ? t('lifecycle.versions.changed', { fields: v.summary.join(', ') }) : t('lifecycle.versions.first')}
              </Text>
            </Stack>
          </List.Item>
        ))}
      </List.Root>
    </LifecyclePanel>
  );
}
