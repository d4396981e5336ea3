import { TIMELINE_KINDS, type TimelineKind } from 'contracts';
import { Badge, Box, Button, Card, HStack, Heading, List, NativeSelect, Skeleton, StatePanel, Text, chakra } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage, useListUrlState } from 'shared-data';
import { TIMELINE_PAGE_SIZE, usePersonTimeline } from '../api/person-timeline';
import { timelineSentence } from '../people-list';

const KIND_FILTER = ['kind'] as const;

/**
 * What the person saw and did, newest first, a page at a time and narrowed to one kind; the page and
 * the kind live in the URL (prefixed `t`) beside the screen's own state, so Back returns to them.
 */
export function PersonTimeline({ personId }: { personId: string }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const state = useListUrlState(KIND_FILTER, 't', TIMELINE_PAGE_SIZE);
  const kind = (TIMELINE_KINDS as readonly string[]).includes(state.filters.kind) ? (state.filters.kind as TimelineKind) : undefined;
  const timeline = usePersonTimeline(personId, state.page, kind);
  const answer = timeline.data;
  const lastPage = Math.max(1, Math.ceil((answer?.meta.totalDocs ?? 0) / TIMELINE_PAGE_SIZE));
  return (
    <Card.Root>
      <Card.Body gap="3">
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <Heading as="h2" size="md">
            {t('people.timeline.title')}
          </Heading>
          <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm">
            {t('people.timeline.kind')}
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field value={kind ?? ''} onChange={(e) => state.setFilters({ kind: e.target.value })} data-testid="timeline-kind">
                <option value="">{t('people.timeline.allKinds')}</option>
                {TIMELINE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`people.timeline.kinds.${k}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </chakra.label>
        </HStack>
        {timeline.isError ? (
          <StatePanel tone="danger" title={errorMessage(timeline.error, t('people.timeline.loadError'))} />
        ) : !answer ? (
          <Skeleton height="40" />
        ) : answer.docs.length === 0 ? (
          <Text color="fg.muted">{t('people.timeline.empty')}</Text>
        ) : (
          <List.Root as="ol" gap="2" listStyle="none" ps="0" data-testid="person-timeline">
            {answer.docs.map((entry, i) => {
              const sentence = timelineSentence(entry);
              return (
                <List.Item key={`${entry.at}-${i}`} data-testid="timeline-entry" data-kind={entry.kind} data-type={entry.type}>
                  <Box borderStartWidth="2px" borderColor="border.emphasized" ps="3">
                    <HStack gap="2" flexWrap="wrap">
                      <Badge size="sm">{t(`people.timeline.kinds.${entry.kind}`)}</Badge>
                      <Text fontSize="xs" color="fg.muted">
                        {format.dateTime(entry.at)}
                      </Text>
                    </HStack>
                    <Text overflowWrap="anywhere">{t(sentence.key, sentence.values)}</Text>
                  </Box>
                </List.Item>
              );
            })}
          </List.Root>
        )}
        {lastPage > 1 && (
          <HStack justify="space-between">
            <Button size="sm" variant="outline" disabled={state.page <= 1} onClick={() => state.setPage(state.page - 1)} data-testid="timeline-newer">
              {t('people.timeline.newer')}
            </Button>
            <Text fontSize="sm">{t('people.timeline.page', { page: state.page, pages: lastPage })}</Text>
            <Button size="sm" variant="outline" disabled={state.page >= lastPage} onClick={() => state.setPage(state.page + 1)} data-testid="timeline-older">
              {t('people.timeline.older')}
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
