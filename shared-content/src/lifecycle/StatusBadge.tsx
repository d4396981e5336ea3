import type { ContentStatus } from 'contracts';
import { Badge, HStack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { formatInstant } from './time-zone';

const PALETTE: Record<ContentStatus, string> = { public: 'green', draft: 'gray', scheduled: 'blue', cancelled: 'red' };

export interface StatusBadgeProps {
  status: ContentStatus;
  hasDraft?: boolean;
  startsAt?: string | null;
  endsAt?: string | null;
}

/**
 * An item's status as words (the colour only repeats them): Draft, Scheduled, Live, Cancelled, with
 * "Unpublished changes" beside a live item that has them, and a schedule's window in the viewer's time.
 */
export function StatusBadge({ status, hasDraft = false, startsAt = null, endsAt = null }: StatusBadgeProps) {
  const { t, i18n } = useTranslation('common');
  return (
    <HStack gap="1" wrap="wrap" data-testid="status-badge">
      <Badge colorPalette={PALETTE[status] ?? 'gray'} data-testid="row-status">
        {t(`lifecycle.status.${status}`)}
      </Badge>
      {hasDraft && (
        <Badge colorPalette="orange" variant="outline" data-testid="row-unpublished">
          {t('lifecycle.unpublished')}
        </Badge>
      )}
      {status === 'scheduled' && startsAt && (
        <Text fontSize="xs" color="fg.muted" data-testid="row-schedule">
          {endsAt
            ? t('lifecycle.window', { start: formatInstant(startsAt, i18n.language), end: formatInstant(endsAt, i18n.language) })
            : t('lifecycle.from', { start: formatInstant(startsAt, i18n.language) })}
        </Text>
      )}
    </HStack>
  );
}
