import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MAX_MESSAGE_LENGTH } from 'contracts';
import { Badge, Box, Button, Card, FormField, HStack, Link, PageHeader, Stack, Text, Textarea, toaster } from 'shared-ui';
import { QueryContent } from '../../components/query-content';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage, useLiveEvents } from 'shared-data';
import { useSession } from 'shared-auth';
import { useConversation } from './api/get-conversation';
import { useReplyToConversation } from './api/reply-to-conversation';
import { useCloseConversation } from './api/close-conversation';

/**
 * /settings/conversations/{id}: one conversation with a visitor — the messages (a live log: a new
 * one from the visitor shows without reload), the answer box, and Close. An anonymous visitor who
 * left an e-mail gets the answer by mail too (said beside the box).
 */
export default function ConversationScreen() {
  const { id } = useParams();
  const { t } = useTranslation('settings');
  const fmt = useFormatters();
  const websiteId = useSession().activeWebsite?._id;
  useLiveEvents(undefined, websiteId);
  const conversation = useConversation(id);
  const reply = useReplyToConversation();
  const close = useCloseConversation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const c = conversation.data;

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!id || !text.trim()) {
      setError(t('conversations.answerRequired'));
      return;
    }
    try {
      await reply.mutateAsync({ params: { id }, body: { body: text } });
      setText('');
      setError(undefined);
    } catch (err) {
      setError(errorMessage(err, t('conversations.answerFailed')));
    }
  };

  return (
    <>
      <PageHeader
        title={c ? (c.name ?? c.email ?? t('conversations.anonymous')) : t('conversations.title')}
        description={
          <Link asChild>
            <RouterLink to="/settings/conversations">{t('conversations.back')}</RouterLink>
          </Link>
        }
        actions={
          c && c.status === 'open' ? (
            <Button
              variant="outline"
              size="sm"
              loading={close.isPending}
              onClick={() =>
                void close
                  .mutateAsync({ params: { id: c._id } })
                  .then((answer) => toaster.create({ type: 'success', title: answer.message }))
                  .catch((err: unknown) => toaster.create({ type: 'error', title: errorMessage(err, t('conversations.closeFailed')) }))
              }
              data-testid="conversation-close"
            >
              {t('conversations.close')}
            </Button>
          ) : c ? (
            <Badge>{t('conversations.closed')}</Badge>
          ) : null
        }
      />
      <QueryContent query={conversation} errorFallback={t('conversations.loadFailed')} skeletonHeight="40">
        {(c) => (
          <Card.Root maxW="3xl">
            <Card.Body>
              <Stack gap="3" role="log" aria-live="polite" aria-label={t('conversations.messages')} data-testid="conversation-log">
                {c.messages.map((m) => (
                  <Box
                    key={m._id}
                    alignSelf={m.author === 'staff' ? 'flex-end' : 'flex-start'}
                    maxW="80%"
                    px="3"
                    py="2"
                    borderRadius="lg"
                    bg={m.author === 'staff' ? 'brand.subtle' : 'bg.muted'}
                  >
                    <Text fontSize="xs" color="fg.muted">
                      {m.author === 'staff' ? t('conversations.team') : t('conversations.visitor')} · {fmt.dateTime(m.createdAt)}
                    </Text>
                    <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                      {m.body}
                    </Text>
                  </Box>
                ))}
              </Stack>
              <form onSubmit={(e) => void send(e)} noValidate>
                <Stack gap="2" mt="4">
                  <FormField
                    label={t('conversations.answer')}
                    error={error}
                    helper={c.email && !c.name ? t('conversations.byMail', { email: c.email }) : undefined}
                  >
                    <Textarea
                      value={text}
                      onChange={(e) => setText(e.target.value)}
                      maxLength={MAX_MESSAGE_LENGTH}
                      rows={3}
                      data-testid="conversation-answer"
                    />
                  </FormField>
                  <HStack>
                    <Button type="submit" colorPalette="brand" loading={reply.isPending} data-testid="conversation-send">
                      {t('conversations.send')}
                    </Button>
                  </HStack>
                </Stack>
              </form>
            </Card.Body>
          </Card.Root>
        )}
      </QueryContent>
    </>
  );
}
