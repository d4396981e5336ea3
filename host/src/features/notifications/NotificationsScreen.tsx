import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StaffNotification } from 'contracts';
import { Badge, Box, Button, Card, HStack, PageHeader, RetryButton, Skeleton, Stack, StatePanel, Text } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useSession } from 'shared-auth';
import { useNotifications } from './api/list-notifications';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';

const PAGE_SIZE = 20;

/**
 * /notifications (no permission): what happened on the active website that staff act
 * on, newest first, paged; each is unread until opened, and opening it goes where to act.
 */
export function NotificationsScreen() {
  const { t } = useTranslation('host');
  const fmt = useFormatters();
  const navigate = useNavigate();
  const websiteId = useSession().activeWebsite?._id;
  const [page, setPage] = useState(1);
  const list = useNotifications(page, PAGE_SIZE, !!websiteId);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const open = async (n: StaffNotification) => {
    if (!n.read) await markRead.mutateAsync({ params: { id: n._id } }).catch(() => undefined);
    navigate(n.link);
  };
  const data = list.data;
  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        description={t('notifications.description')}
        actions={
          <Button
            variant="outline"
            size="sm"
            disabled={!data?.unread}
            loading={markAll.isPending}
            onClick={() => markAll.mutate({})}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAll')}
          </Button>
        }
      />
      {list.isError ? (
        <StatePanel
          tone="danger"
          title={errorMessage(list.error, t('notifications.loadFailed'))}
          action={<RetryButton onClick={() => void list.refetch()}>{t('actions.retry', { ns: 'common' })}</RetryButton>}
        />
      ) : !data ? (
        <Skeleton height="40" />
      ) : data.docs.length === 0 ? (
        <StatePanel title={t('notifications.empty')} />
      ) : (
        <Stack gap="2" as="ul" listStyleType="none" p="0" m="0" data-testid="notifications-list">
          {data.docs.map((n) => (
            <Box as="li" key={n._id}>
              <Card.Root
                size="sm"
                variant={n.read ? 'outline' : 'elevated'}
                borderInlineStartWidth={n.read ? undefined : '4px'}
                borderInlineStartColor="brand.solid"
              >
                <Card.Body>
                  <HStack justify="space-between" align="start" gap="4">
                    <Stack gap="1" minW="0">
                      <HStack gap="2">
                        <Text fontWeight={n.read ? 'normal' : 'semibold'}>{t(`notifications.type.${n.type}`)}</Text>
                        {n.read ? null : <Badge colorPalette="red">{t('notifications.unread')}</Badge>}
                        {n.count && n.count > 1 ? <Badge>{t('notifications.count', { count: n.count })}</Badge> : null}
                      </HStack>
                      {n.text ? (
                        <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
                          {n.text}
                        </Text>
                      ) : null}
                      <Text color="fg.muted" fontSize="xs">
                        {fmt.dateTime(n.createdAt)}
                      </Text>
                    </Stack>
                    <Button size="sm" variant="ghost" onClick={() => void open(n)} data-testid="notification-open">
                      {t(`notifications.act.${n.type}`)}
                    </Button>
                  </HStack>
                </Card.Body>
              </Card.Root>
            </Box>
          ))}
        </Stack>
      )}
      {data && data.meta.totalDocs > PAGE_SIZE ? (
        <HStack mt="4" gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('notifications.previous')}
          </Button>
          <Text fontSize="sm">{t('notifications.page', { page, pages: Math.ceil(data.meta.totalDocs / PAGE_SIZE) })}</Text>
          <Button size="sm" variant="outline" disabled={!data.meta.hasMore} onClick={() => setPage(page + 1)}>
            {t('notifications.next')}
          </Button>
        </HStack>
      ) : null}
    </>
  );
}
