import { useEffect, useState } from 'react';
import type { ContentStatus } from 'contracts';
import { Badge, HStack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { formatInstant } from './time-zone';

const PALETTE: Record<ContentStatus | 'live', string> = { public: 'green', live: 'green', draft: 'gray', scheduled: 'blue', cancelled: 'red' };

/** setTimeout's longest wait; a later start is looked at again after that long. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface StatusBadgeProps {
  status: ContentStatus;
  hasDraft?: boolean;
  startsAt?: string | null;
  endsAt?: string | null;
}

/** Whether a scheduled item is inside its window at `now` (visitors get it: it is live). */
export function scheduledAndLive(status: ContentStatus, startsAt: string | null, endsAt: string | null, now: number): boolean {
  if (status !== 'scheduled' || !startsAt) return false;
  return Date.parse(startsAt) <= now && (!endsAt || now < Date.parse(endsAt));
}

/**
 * The time now, again when a scheduled window opens or closes: a screen left open says "Live" once
 * the start has passed, without a reload.
 */
function useNowAcross(instants: (string | null)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const key = instants.join('|');
  useEffect(() => {
    const next = instants
      .filter((i): i is string => !!i)
      .map((i) => Date.parse(i))
      .filter((t) => t > now)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - now + 50, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `instants`
  }, [key, now]);
  return now;
}

/**
 * An item's status as words (the colour only repeats them): Draft, Scheduled, Live (a scheduled item
 * inside its window), Public, Cancelled, with "Unpublished changes" beside a live item that has them,
 * and a schedule's window in the viewer's time.
 */
export function StatusBadge({ status, hasDraft = false, startsAt = null, endsAt = null }: StatusBadgeProps) {
  const { t, i18n } = useTranslation('common');
  const now = useNowAcross(status === 'scheduled' ? [startsAt, endsAt] : []);
  const shown = scheduledAndLive(status, startsAt, endsAt, now) ? 'live' : status;
  return (
    <HStack gap="1" wrap="wrap" data-testid="status-badge">
      <Badge colorPalette={PALETTE[shown] ?? 'gray'} data-testid="row-status" data-status={shown}>
        {t(`lifecycle.status.${shown}`)}
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
