import { Link as RouterLink } from 'react-router-dom';
import { Bell as BellIcon } from 'lucide-react';
import { Box, IconButton } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useLiveEvents } from 'shared-data';
import { useSession } from 'shared-auth';
import { useNotifications } from './api/list-notifications';
import { useAfterSettled } from '../../app/idle';

/**
 * The header's bell: the caller's unread notifications of the active website, counted by the API
 * and read again whenever the tab's live stream says a new one came (no reload, no polling). The
 * count and the stream start once the screen has settled: at start they would compete with the first
 * screen's own calls and work (the bell is drawn at once, without a count).
 */
export function NotificationBell() {
  return useAfterSettled(6000) ? <LiveBell /> : <Bell unread={0} />;
}

function LiveBell() {
  const websiteId = useSession().activeWebsite?._id;
  useLiveEvents(undefined, websiteId);
  return <Bell unread={useNotifications(1, 1, !!websiteId).data?.unread ?? 0} />;
}

function Bell({ unread }: { unread: number }) {
  const { t } = useTranslation('host');
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <IconButton asChild variant="ghost" size="sm" aria-label={label} position="relative">
      <RouterLink to="/notifications" data-testid="notification-bell">
        <BellIcon size={18} aria-hidden />
        {unread > 0 ? (
          <Box
            as="span"
            aria-hidden
            position="absolute"
            top="0"
            insetEnd="0"
            minW="4"
            h="4"
            px="1"
            borderRadius="full"
            bg="red.solid"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="4"
            textAlign="center"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}
