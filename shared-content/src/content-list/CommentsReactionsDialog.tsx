import { useState } from 'react';
import { Badge, Button, CloseButton, HStack, Portal, Skeleton, Stack, StatePanel, Text } from 'shared-ui';
import { Dialog, Tabs } from 'shared-ui/overlays';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useReactionCounts } from './api/count-reacts';
import { useComments } from './api/list-comments';
import { useReactions } from './api/list-reacts';
import type { FeedbackCalls } from './kinds';

/**
 * Who wrote or reacted: the person's name once the website identified them, else "Visitor 3f2a…"
 * (the start of the script's random id: enough to tell two anonymous visitors apart).
 */
export function visitorLabel(t: (key: string, options?: Record<string, unknown>) => string, v: { visitorId: string; visitorName: string | null }): string {
  return v.visitorName ?? t('feedback.anonymousVisitor', { id: v.visitorId.slice(0, 4) });
}

function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation('common');
  if (page === 1 && !hasMore) return null;
  return (
    <HStack justify="flex-end" gap="2">
      <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('table.previous')}
      </Button>
      <Button size="xs" variant="outline" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('table.next')}
      </Button>
    </HStack>
  );
}

function Comments({ namespace, calls, id }: { namespace: string; calls: FeedbackCalls; id: string }) {
  const { t } = useTranslation(namespace);
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const list = useComments(calls, id, page);
  if (list.isPending) return <Skeleton h="24" />;
  if (list.isError) return <StatePanel tone="danger" title={errorMessage(list.error, t('feedback.loadError'))} />;
  const docs = list.data.docs;
  return (
    <Stack gap="3" data-testid="comments-list">
      {docs.length === 0 && <Text color="fg.muted">{t('feedback.noComments')}</Text>}
      {docs.map((c) => (
        <Stack key={c._id} gap="1" borderBottomWidth="1px" pb="2">
          <HStack justify="space-between">
            <Text fontSize="xs" dir="auto">
              {visitorLabel(t, c)}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {format.date(c.createdAt)}
            </Text>
          </HStack>
          <Text whiteSpace="pre-wrap">{c.body}</Text>
        </Stack>
      ))}
      <Pager page={page} hasMore={list.data.meta.hasMore} onPage={setPage} />
    </Stack>
  );
}

function Reactions({ namespace, calls, id }: { namespace: string; calls: FeedbackCalls; id: string }) {
  const { t } = useTranslation(namespace);
  const format = useFormatters();
  const [filter, setFilter] = useState({ emoji: '', page: 1 });
  const { emoji, page } = filter;
  // Choosing another emoji starts again from its first page.
  const setEmoji = (next: string) => setFilter({ emoji: next, page: 1 });
  // Without counts the filter buttons show none (the list below still reads on its own).
  const counts = useReactionCounts(calls, id).data;
  const list = useReactions(calls, id, page, emoji);
  const error = list.isError ? errorMessage(list.error, t('feedback.loadError')) : null;
  const docs = list.data?.docs ?? [];
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap" role="group" aria-label={t('feedback.emojiFilter')} data-testid="reaction-counts">
        <Button size="xs" variant={emoji === '' ? 'solid' : 'outline'} colorPalette={emoji === '' ? 'brand' : undefined} onClick={() => setEmoji('')}>
          {t('feedback.allReactions', { count: counts?.total ?? 0 })}
        </Button>
        {(counts?.data ?? []).map((c) => (
          <Button
            key={c.emoji}
            size="xs"
            variant={emoji === c.emoji ? 'solid' : 'outline'}
            colorPalette={emoji === c.emoji ? 'brand' : undefined}
            onClick={() => setEmoji(c.emoji)}
            aria-pressed={emoji === c.emoji}
          >
            <span>{c.emoji}</span>
            <Badge size="xs" variant="subtle">
              {c.count}
            </Badge>
          </Button>
        ))}
      </HStack>
      {error && <StatePanel tone="danger" title={error} />}
      {list.isPending && <Skeleton h="24" />}
      {!error && (
        <Stack gap="2" data-testid="reactions-list">
          {list.data && docs.length === 0 && <Text color="fg.muted">{t('feedback.noReactions')}</Text>}
          {docs.map((r) => (
            <HStack key={r._id} justify="space-between" borderBottomWidth="1px" pb="1">
              <HStack gap="3">
                <Text fontSize="xl">{r.emoji}</Text>
                <Text fontSize="xs" dir="auto">
                  {visitorLabel(t, r)}
                </Text>
              </HStack>
              <Text fontSize="xs" color="fg.muted">
                {format.date(r.createdAt)}
              </Text>
            </HStack>
          ))}
          <Pager page={page} hasMore={Boolean(list.data?.meta.hasMore)} onPage={(p) => setFilter({ emoji, page: p })} />
        </Stack>
      )}
    </Stack>
  );
}

/** What visitors said about a popup or banner: its comments, and its reactions counted and listed by emoji. */
export function CommentsReactionsDialog({
  namespace,
  calls,
  item,
  onClose,
}: {
  /** Where the texts are (the kind's namespace: feedback.*). */
  namespace: string;
  calls: FeedbackCalls;
  item: { _id: string; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Dialog.Root open={item !== null} onOpenChange={(e) => !e.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="feedback-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('feedback.title', { title: item?.title ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {item && (
                <Tabs.Root defaultValue="comments" lazyMount>
                  <Tabs.List>
                    <Tabs.Trigger value="comments" data-testid="feedback-comments-tab">
                      {t('feedback.comments')}
                    </Tabs.Trigger>
                    <Tabs.Trigger value="reactions" data-testid="feedback-reactions-tab">
                      {t('feedback.reactions')}
                    </Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="comments">
                    <Comments namespace={namespace} calls={calls} id={item._id} />
                  </Tabs.Content>
                  <Tabs.Content value="reactions">
                    <Reactions namespace={namespace} calls={calls} id={item._id} />
                  </Tabs.Content>
                </Tabs.Root>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
