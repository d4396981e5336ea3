import { useEffect, useEffectEvent, useState } from 'react';
import type { Comment, CountReacts, Paged, Reaction } from 'contracts';
import { Badge, Button, CloseButton, HStack, Portal, Skeleton, Stack, StatePanel, Text } from 'shared-ui';
import { Dialog, Tabs } from 'shared-ui/overlays';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-auth';
import { countReacts } from '../api/count-reacts';
import { listComments } from '../api/list-comments';
import { listReacts } from '../api/list-reacts';

type Kind = 'popups' | 'banners';
const PAGE_SIZE = 10;

/**
 * One paged read, read again from page 1 when its `inputs` (what `load` reads: kind, id, emoji)
 * change; answers to older requests are dropped.
 */
function usePaged<T>(load: (page: number) => Promise<Paged<T>>, inputs: string) {
  const { t } = useTranslation('campaigns');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ data: Paged<T> | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [lastInputs, setLastInputs] = useState(inputs);
  if (inputs !== lastInputs) {
    setLastInputs(inputs);
    setPage(1);
  }
  // The caller's latest `load` and the current texts: new every render, no reason to read again.
  const read = useEffectEvent((wanted: number) =>
    load(wanted).then(
      (data) => ({ data, error: null }),
      (error: unknown) => ({ data: null, error: errorMessage(error, t('feedback.loadError')) }),
    ),
  );
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    void read(page).then((answer) => live && setState({ ...answer, loading: false }));
    return () => {
      live = false;
    };
  }, [inputs, page]);
  return { ...state, page, setPage };
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

function Comments({ kind, id }: { kind: Kind; id: string }) {
  const { t } = useTranslation('campaigns');
  const format = useFormatters();
  const list = usePaged<Comment>((page) => listComments(kind, id, page, PAGE_SIZE), `${kind}/${id}`);
  if (list.loading && !list.data) return <Skeleton h="24" />;
  if (list.error) return <StatePanel tone="danger" title={list.error} />;
  const docs = list.data?.docs ?? [];
  return (
    <Stack gap="3" data-testid="comments-list">
      {docs.length === 0 && <Text color="fg.muted">{t('feedback.noComments')}</Text>}
      {docs.map((c) => (
        <Stack key={c._id} gap="1" borderBottomWidth="1px" pb="2">
          <HStack justify="space-between">
            <Text fontSize="xs" fontFamily="mono" dir="ltr">
              {c.visitorId}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {format.date(c.createdAt)}
            </Text>
          </HStack>
          <Text whiteSpace="pre-wrap">{c.body}</Text>
        </Stack>
      ))}
      <Pager page={list.page} hasMore={Boolean(list.data?.meta.hasMore)} onPage={list.setPage} />
    </Stack>
  );
}

function Reactions({ kind, id }: { kind: Kind; id: string }) {
  const { t } = useTranslation('campaigns');
  const format = useFormatters();
  const [emoji, setEmoji] = useState('');
  const [counts, setCounts] = useState<CountReacts | null>(null);
  useEffect(() => {
    let live = true;
    countReacts(kind, id)
      .then((c) => live && setCounts(c))
      .catch(() => live && setCounts({ data: [], total: 0 }));
    return () => {
      live = false;
    };
  }, [kind, id]);
  const list = usePaged<Reaction>((page) => listReacts(kind, id, page, emoji, PAGE_SIZE), `${kind}/${id}/${emoji}`);
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
      {list.error && <StatePanel tone="danger" title={list.error} />}
      {list.loading && !list.data && <Skeleton h="24" />}
      {!list.error && (
        <Stack gap="2" data-testid="reactions-list">
          {list.data && docs.length === 0 && <Text color="fg.muted">{t('feedback.noReactions')}</Text>}
          {docs.map((r) => (
            <HStack key={r._id} justify="space-between" borderBottomWidth="1px" pb="1">
              <HStack gap="3">
                <Text fontSize="xl">{r.emoji}</Text>
                <Text fontSize="xs" fontFamily="mono" dir="ltr">
                  {r.visitorId}
                </Text>
              </HStack>
              <Text fontSize="xs" color="fg.muted">
                {format.date(r.createdAt)}
              </Text>
            </HStack>
          ))}
          <Pager page={list.page} hasMore={Boolean(list.data?.meta.hasMore)} onPage={list.setPage} />
        </Stack>
      )}
    </Stack>
  );
}

/** What visitors said about a popup or banner: its comments, and its reactions counted and listed by emoji. */
export function CommentsReactionsDialog({ kind, item, onClose }: { kind: Kind; item: { _id: string; title: string } | null; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
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
                    <Comments kind={kind} id={item._id} />
                  </Tabs.Content>
                  <Tabs.Content value="reactions">
                    <Reactions kind={kind} id={item._id} />
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
