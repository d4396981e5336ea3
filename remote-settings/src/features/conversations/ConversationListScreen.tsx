import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Card, HStack, Link, PageHeader, Stack, StatePanel, Text } from 'shared-ui';
import { QueryContent } from '../../components/query-content';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useLiveEvents } from 'shared-data';
import { useSession } from 'shared-auth';
import { useConversations } from './api/list-conversations';

const PAGE_SIZE = 20;

/**
 * /settings/conversations (any member, as the API): the active website's conversations with its
 * visitors, latest first, each with the messages staff have not read; current without reload (the
 * tab's live stream reads the list again when a message comes).
 */
export default function ConversationListScreen() {
  const { t } = useTranslation('settings');
  const fmt = useFormatters();
  const websiteId = useSession().activeWebsite?._id;
  useLiveEvents(undefined, websiteId);
  const [page, setPage] = useState(1);
  const list = useConversations(page, PAGE_SIZE, !!websiteId);
  const data = list.data;
  return (
    <>
      <PageHeader title={t('conversations.title')} description={t('conversations.description')} />
      <QueryContent query={list} errorFallback={t('conversations.loadFailed')} skeletonHeight="40">
        {(data) =>
          data.docs.length === 0 ? (
            <StatePanel title={t('conversations.empty')} />
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" p="0" m="0" data-testid="conversations-list">
              {data.docs.map((c) => (
                <Box as="li" key={c._id}>
                  <Card.Root size="sm" variant={c.unread ? 'elevated' : 'outline'}>
                    <Card.Body>
                      <HStack justify="space-between" gap="4">
                        <Stack gap="1" minW="0">
                          <HStack gap="2">
                            <Link asChild fontWeight="semibold">
                              <RouterLink to={`/settings/conversations/${c._id}`}>{c.name ?? c.email ?? t('conversations.anonymous')}</RouterLink>
                            </Link>
                            {c.unread ? <Badge colorPalette="red">{t('conversations.unread', { count: c.unread })}</Badge> : null}
                            {c.status === 'closed' ? <Badge>{t('conversations.closed')}</Badge> : null}
                          </HStack>
                          <Text color="fg.muted" fontSize="sm" lineClamp={1}>
                            {c.lastMessage}
                          </Text>
                        </Stack>
                        <Text color="fg.muted" fontSize="xs" flexShrink={0}>
                          {fmt.dateTime(c.lastMessageAt)}
                        </Text>
                      </HStack>
                    </Card.Body>
                  </Card.Root>
                </Box>
              ))}
            </Stack>
          )
        }
      </QueryContent>
      {data && data.meta.totalDocs > PAGE_SIZE ? (
        <HStack mt="4" gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('conversations.previous')}
          </Button>
          <Button size="sm" variant="outline" disabled={!data.meta.hasMore} onClick={() => setPage(page + 1)}>
            {t('conversations.next')}
          </Button>
        </HStack>
      ) : null}
    </>
  );
}
