import { useState } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { PopupBlockInput, PopupDocumentInput } from 'contracts';
import { Box, Button, Flex, HStack, IconButton, Image, Input, NativeSelect, Stack, Text, Textarea, chakra } from 'shared-ui';
import { LANGUAGES, isSupportedLanguage, useTranslation, type LanguageCode } from 'shared-i18n';
import { PreviewStage } from '../../campaigns/components/PreviewStage';
import { readableOn } from '../../campaigns/readable-color';
import { placement, previewWidth } from '../editor-logic';

const FONT_FALLBACK = ', system-ui, sans-serif';

/**
 * `visitorLang`: the language the visitor's own texts are shown in (the answer and reply
 * placeholders, the close button): the preview shows what the visitor will see, whatever the
 * console's language. Editing hints for empty content stay in the console's language.
 */
function PreviewBlock({ block, emojis, color, visitorLang }: { block: PopupBlockInput; emojis: readonly string[]; color: string; visitorLang: LanguageCode }) {
  const { t } = useTranslation('campaigns');
  const { t: tv } = useTranslation('campaigns', { lng: visitorLang });
  switch (block.kind) {
    case 'text':
      return (
        <Text textAlign={block.align ?? 'start'} whiteSpace="pre-wrap" fontSize="sm" data-testid="preview-block-text">
          {block.text || t('preview.emptyText')}
        </Text>
      );
    case 'image':
      return block.url ? (
        <Image src={block.url} alt={block.alt ?? ''} borderRadius="md" maxH="48" objectFit="cover" w="full" data-testid="preview-block-image" />
      ) : (
        <Flex
          h="24"
          align="center"
          justify="center"
          borderRadius="md"
          borderWidth="1px"
          borderStyle="dashed"
          fontSize="xs"
          opacity={0.7}
          data-testid="preview-block-image"
        >
          {t('preview.noImage')}
        </Flex>
      );
    case 'button':
      return (
        <Button size="sm" bg={block.color ?? '#1677ff'} color={readableOn(block.color ?? '#1677ff')} alignSelf="stretch" data-testid="preview-block-button">
          {block.label || t('preview.emptyButton')}
        </Button>
      );
    case 'question':
      return (
        <Stack gap="1.5" data-testid="preview-block-question">
          <Text fontSize="sm" fontWeight="medium">
            {block.question || t('preview.emptyQuestion')}
            {block.required && (
              <Text as="span" color="red.500" ms="1">
                *
              </Text>
            )}
          </Text>
          {(block.type ?? 'text') === 'text' ? (
            <Textarea size="sm" rows={2} placeholder={tv('preview.answerPlaceholder')} readOnly bg="transparent" borderColor="currentColor" color={color} />
          ) : (
            (block.options ?? []).map((option, i) => (
              <chakra.label key={i} display="flex" alignItems="center" gap="2" fontSize="sm">
                <input type={block.type === 'multiple' ? 'checkbox' : 'radio'} name={block.id} readOnly />
                {option || t('preview.emptyOption')}
              </chakra.label>
            ))
          )}
        </Stack>
      );
    case 'emojis': {
      const list = block.emojis && block.emojis.length > 0 ? block.emojis : emojis;
      return (
        <HStack gap="2" justify="center" fontSize="2xl" data-testid="preview-block-emojis">
          {list.map((e, i) => (
            <span key={i}>{e}</span>
          ))}
        </HStack>
      );
    }
  }
}

/**
 * The popup as a visitor sees it, page by page: the chosen format's width (335 / 410 / 500 px), at
 * its position in the visitor's window, with its title style, background colour or image, blocks,
 * and the reply the replay type allows, in the chosen theme. The visitor's fixed texts come in the
 * preview language chosen beside the pager (the console's language until changed): a popup carries
 * no language of its own, so its author says which visitors to picture.
 */
export function PopupPreview({ popup, page, onPageChange }: { popup: PopupDocumentInput; page: number; onPageChange: (page: number) => void }) {
  const { t, i18n } = useTranslation('campaigns');
  const [visitorLang, setVisitorLang] = useState<LanguageCode>(isSupportedLanguage(i18n.language) ? i18n.language : 'en');
  const { t: tv } = useTranslation('campaigns', { lng: visitorLang });
  const pages = popup.content ?? [];
  const current = pages[Math.min(page, pages.length - 1)];
  const width = previewWidth(popup.format);
  const { vertical, horizontal } = placement(popup.position);
  const background = popup.popupBackground ?? '#ffffff';
  const text = readableOn(background);
  const title = popup.titleOfPopup;
  const emojis = popup.emojis ?? [];
  const inset = '16px';
  // Physical left/right on purpose: the stage is the visitor's (left-to-right) page, see PreviewStage.
  const horizontalStyle = horizontal === 'left' ? { left: inset } : horizontal === 'right' ? { right: inset } : { left: '50%', transform: 'translateX(-50%)' };
  const verticalStyle = vertical === 'top' ? { top: '48px' } : vertical === 'bottom' ? { bottom: inset } : { top: '50%', translate: '0 -50%' };
  const languageChoice = (
    <NativeSelect.Root size="xs" w="auto">
      <NativeSelect.Field
        aria-label={t('preview.visitorLanguage')}
        value={visitorLang}
        onChange={(e) => setVisitorLang(e.currentTarget.value as LanguageCode)}
        data-testid="preview-language"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  const pager =
    pages.length > 1 ? (
      <HStack gap="1" data-testid="preview-pager">
        <IconButton size="xs" variant="ghost" aria-label={t('preview.previousPage')} disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          {/* Mirrored right to left, as the table pager's (the --dir-flip of the shared system). */}
          <ChevronLeft style={{ transform: 'scaleX(var(--dir-flip, 1))' }} data-testid="preview-previous-icon" />
        </IconButton>
        <Text fontSize="xs" data-testid="preview-page">
          {t('preview.pageOf', { page: page + 1, count: pages.length })}
        </Text>
        <IconButton size="xs" variant="ghost" aria-label={t('preview.nextPage')} disabled={page >= pages.length - 1} onClick={() => onPageChange(page + 1)}>
          <ChevronRight style={{ transform: 'scaleX(var(--dir-flip, 1))' }} />
        </IconButton>
      </HStack>
    ) : null;
  return (
    <PreviewStage
      toolbar={
        <HStack gap="2">
          {languageChoice}
          {pager}
        </HStack>
      }
      testId="popup-preview-stage"
    >
      {() => (
        <Box
          position="absolute"
          {...horizontalStyle}
          {...verticalStyle}
          style={{ width: `${width}px` }}
          maxW="calc(100% - 32px)"
          bg={background}
          bgImage={popup.popupBackgroundImage ? `url("${popup.popupBackgroundImage}")` : undefined}
          backgroundSize="cover"
          backgroundPosition="center"
          color={text}
          borderRadius="xl"
          boxShadow="lg"
          p="5"
          data-testid="popup-preview"
          data-format={popup.format ?? 'medium'}
          data-position={popup.position ?? 'topR'}
          data-page={page + 1}
          lang={visitorLang}
        >
          {/* The popup's content reads in the console's direction (the author writes it in their language). */}
          <Stack gap="3" dir="auto">
            <Flex justify="space-between" align="start" gap="3">
              <Text
                data-testid="preview-title"
                style={{
                  fontSize: `${title?.fontSize ?? 15}px`,
                  fontFamily: `${title?.fontFamily ?? 'Poppins'}${FONT_FALLBACK}`,
                  fontWeight: Number(title?.fontWeight ?? 600),
                  color: title?.color ?? text,
                }}
              >
                {title?.label || t('preview.emptyTitle')}
              </Text>
              <X size={16} aria-label={tv('preview.close')} />
            </Flex>
            {(current?.content ?? []).map((block) => (
              <PreviewBlock key={block.id} block={block} emojis={emojis} color={text} visitorLang={visitorLang} />
            ))}
            {popup.replayType === 'text' && (
              <Input
                size="sm"
                readOnly
                placeholder={tv('preview.replyPlaceholder')}
                bg="transparent"
                borderColor="currentColor"
                color={text}
                data-testid="preview-reply"
              />
            )}
            {popup.replayType === 'emoji' && (
              <HStack gap="2" justify="center" fontSize="xl" data-testid="preview-reply">
                {emojis.map((e, i) => (
                  <span key={i}>{e}</span>
                ))}
              </HStack>
            )}
            {pages.length > 1 && (
              <HStack justify="center" gap="1.5" aria-hidden>
                {pages.map((p, i) => (
                  <Box key={p.id} w="2" h="2" borderRadius="full" bg="currentColor" opacity={i === page ? 1 : 0.3} />
                ))}
              </HStack>
            )}
          </Stack>
        </Box>
      )}
    </PreviewStage>
  );
}
