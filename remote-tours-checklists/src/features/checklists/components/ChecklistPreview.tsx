import { useState } from 'react';
import { Check, ChevronDown, PartyPopper } from 'lucide-react';
import type { ChecklistFormValues } from '../checklist-document';
import { Box, Button, HStack, Heading, Stack, Text, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/**
 * The editor's preview: the checklist as a visitor sees it. Each task opens or
 * closes; "Mark done" ticks it (as a visitor would complete it), and completing every task with the
 * celebration enabled shows the celebration. Nothing here is saved.
 */
export function ChecklistPreview({ checklist }: { checklist: Partial<ChecklistFormValues> }) {
  const { t } = useTranslation('toursChecklists');
  const tasks = checklist.tasks ?? [];
  const [open, setOpen] = useState<number | null>(0);
  const [done, setDone] = useState<Set<number>>(new Set());
  const doneCount = tasks.filter((_, i) => done.has(i)).length;
  const all = tasks.length > 0 && doneCount === tasks.length;
  const celebration = checklist.celebration;
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" bg="bg.subtle" dir={checklist.direction ?? undefined} data-testid="checklist-preview">
      <Stack gap="3">
        <HStack justify="space-between">
          <Heading as="h3" size="sm">
            {t('checklists.preview.title')}
          </Heading>
          <Button size="xs" variant="ghost" onClick={() => setDone(new Set())} data-testid="preview-reset">
            {t('checklists.preview.reset')}
          </Button>
        </HStack>
        {all && celebration?.is_enabled ? (
          <Stack gap="2" textAlign="center" py="4" role="status" data-testid="preview-celebration">
            <Box mx="auto" aria-hidden>
              <PartyPopper size={32} />
            </Box>
            <Heading as="h4" size="md">
              {celebration.title || t('checklists.preview.celebrationTitle')}
            </Heading>
            {celebration.description && <Text>{celebration.description}</Text>}
            <Button size="sm" alignSelf="center" onClick={() => setDone(new Set())}>
              {celebration.button_text || t('checklists.preview.celebrationButton')}
            </Button>
          </Stack>
        ) : (
          <>
            <Stack gap="1">
              <Heading as="h4" size="md">
                {checklist.title || t('checklists.preview.untitled')}
              </Heading>
              {checklist.subTitle && <Text color="fg.muted">{checklist.subTitle}</Text>}
              {checklist.description && <Text fontSize="sm">{checklist.description}</Text>}
            </Stack>
            <Text fontSize="sm" data-testid="preview-progress">
              {t('checklists.preview.progress', { done: doneCount, total: tasks.length })}
            </Text>
            <Box h="1.5" bg="bg.muted" borderRadius="full" aria-hidden>
              <Box h="full" bg="brand.solid" borderRadius="full" w={`${tasks.length ? (doneCount * 100) / tasks.length : 0}%`} />
            </Box>
            <chakra.ul listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="2">
              {tasks.map((task, i) => {
                const expanded = open === i;
                const isDone = done.has(i);
                return (
                  <chakra.li key={i} borderWidth="1px" borderRadius="md" bg="bg" data-testid={`preview-task-${i}`}>
                    <chakra.button
                      type="button"
                      display="flex"
                      w="full"
                      alignItems="center"
                      gap="2"
                      p="2"
                      textAlign="start"
                      aria-expanded={expanded}
                      aria-controls={`preview-task-panel-${i}`}
                      onClick={() => setOpen(expanded ? null : i)}
                      data-testid={`preview-task-toggle-${i}`}
                      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
                    >
                      <Box as="span" aria-hidden color={isDone ? 'green.600' : 'fg.muted'}>
                        {isDone ? <Check size={16} /> : <chakra.span display="inline-block" w="4" h="4" borderWidth="1px" borderRadius="full" />}
                      </Box>
                      <chakra.span flex="1" textDecoration={isDone ? 'line-through' : undefined}>
                        {task?.title || t('checklists.preview.untitledTask')}
                        <chakra.span srOnly>{isDone ? ` (${t('checklists.preview.done')})` : ''}</chakra.span>
                      </chakra.span>
                      <Text as="span" fontSize="xs" color="fg.muted">
                        {t('checklists.preview.minutes', { count: Number(task?.timing ?? 1) })}
                      </Text>
                      <Box as="span" aria-hidden transform={expanded ? 'rotate(180deg)' : undefined}>
                        <ChevronDown size={14} />
                      </Box>
                    </chakra.button>
                    <Box id={`preview-task-panel-${i}`} hidden={!expanded} px="3" pb="3" data-testid={`preview-task-panel-${i}`}>
                      {task?.content && (
                        <Text fontSize="sm" mb="2">
                          {task.content}
                        </Text>
                      )}
                      {!isDone && (
                        <Button size="xs" onClick={() => setDone(new Set(done).add(i))} data-testid={`preview-task-done-${i}`}>
                          {t('checklists.preview.markDone')}
                        </Button>
                      )}
                    </Box>
                  </chakra.li>
                );
              })}
            </chakra.ul>
          </>
        )}
      </Stack>
    </Box>
  );
}
