import { X } from 'lucide-react';
import { textOnColor, tourStepText, TOUR_DEFAULT_BUTTON_COLOR, type TourStepContent } from 'contracts';
import { Box, Flex, HStack, Stack, Text, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import type { TourFormValues } from '../tour-document';

type PreviewStep = { title?: string; content?: TourStepContent; target?: { selector?: string } | null; placement?: string; url?: string };

/**
 * What a visitor sees of one step, drawn from the editor's values as they are typed: the element it
 * points at (or nothing, for a centred step), the step's title and text, its progress, and its
 * buttons in the tour's colour with the text colour the tour gets for it (AA contrast, whatever the
 * colour). The visitor's page is sketched; the script draws the real one on the customer's site.
 */
export function StepPreview({ tour, index }: { tour: Partial<TourFormValues>; index: number }) {
  const { t } = useTranslation('toursChecklists');
  const steps = (tour.steps ?? []) as PreviewStep[];
  const step = steps[index];
  const color = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(tour.button_color ?? '') ? tour.button_color! : TOUR_DEFAULT_BUTTON_COLOR;
  const textColor = textOnColor(color);
  const settings = tour.settings ?? {};
  const last = index === steps.length - 1;
  const selector = step?.target?.selector?.trim();
  const placement = step?.placement ?? 'auto';
  const card = step && (
    <Box
      role="group"
      aria-label={t('tours.preview.stepDialog', { number: index + 1 })}
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderRadius="lg"
      boxShadow="lg"
      p="4"
      maxW="320px"
      w="full"
      data-testid="tour-preview-step"
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Text as="h3" dir="auto" fontWeight="semibold" fontSize="md" data-testid="tour-preview-title">
            {step.title || t('tours.steps.untitled')}
          </Text>
          {settings.dismissible !== false && (
            <chakra.span aria-hidden color="fg.muted">
              <X size={16} />
            </chakra.span>
          )}
        </HStack>
        <Text dir="auto" fontSize="sm" whiteSpace="pre-wrap" data-testid="tour-preview-text">
          {tourStepText(step.content ?? '')}
        </Text>
        <HStack justify="space-between" gap="2" wrap="wrap">
          {settings.showProgress !== false ? (
            <Text fontSize="xs" color="fg.muted" data-testid="tour-preview-progress">
              {t('tours.preview.progress', { number: index + 1, count: steps.length })}
            </Text>
          ) : (
            <span />
          )}
          <HStack gap="2">
            {tour.snoozeable !== false && (
              <chakra.span fontSize="xs" textDecoration="underline" color="fg.muted">
                {tour.snooze_button_text || t('tours.preview.snooze')}
              </chakra.span>
            )}
            {index > 0 && (
              <chakra.span fontSize="sm" px="2" py="1" borderWidth="1px" borderRadius="md">
                {t('tours.preview.back')}
              </chakra.span>
            )}
            <chakra.span fontSize="sm" px="3" py="1" borderRadius="md" style={{ background: color, color: textColor }} data-testid="tour-preview-next">
              {last ? t('tours.preview.done') : t('tours.preview.next')}
            </chakra.span>
          </HStack>
        </HStack>
      </Stack>
    </Box>
  );
  const side = placement === 'top' ? 'column-reverse' : placement === 'left' ? 'row-reverse' : placement === 'right' ? 'row' : 'column';
  return (
    <Stack gap="2" data-testid="tour-preview">
      <Text fontWeight="semibold" fontSize="sm">
        {t('tours.preview.title')}
      </Text>
      <Box
        position="relative"
        minH="360px"
        borderWidth="1px"
        borderRadius="lg"
        bg="bg.subtle"
        overflow="hidden"
        p="4"
        role="region"
        aria-label={t('tours.preview.window')}
      >
        {!step ? (
          <Text color="fg.muted" fontSize="sm">
            {t('tours.preview.noStep')}
          </Text>
        ) : (
          <Stack gap="3" h="full">
            <Text fontSize="xs" color="fg.muted" dir="ltr">
              {step.url ? step.url : t('tours.preview.anyPage')}
            </Text>
            {selector ? (
              <Flex direction={side} gap="3" align="center" justify="center" minH="280px">
                <Box
                  borderWidth="2px"
                  borderColor="brand.solid"
                  borderRadius="md"
                  px="3"
                  py="2"
                  bg="bg.panel"
                  boxShadow="0 0 0 4px rgba(0,0,0,0.15)"
                  data-testid="tour-preview-element"
                >
                  <Text fontSize="xs" fontFamily="mono" dir="ltr">
                    {selector}
                  </Text>
                </Box>
                {card}
              </Flex>
            ) : (
              <Flex align="center" justify="center" minH="280px" data-testid="tour-preview-centred">
                {card}
              </Flex>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
