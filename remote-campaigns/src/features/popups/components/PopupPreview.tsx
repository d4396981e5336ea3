import { useEffect, useMemo, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PopupDocumentInput } from 'contracts';
import { renderPopupPreview, type PopupPreview as ScriptPreview } from 'website-script/popup-preview';
import { Box, HStack, IconButton, NativeSelect, Text } from 'shared-ui';
import { LANGUAGES, isSupportedLanguage, useTranslation, type LanguageCode } from 'shared-i18n';
import { PreviewStage } from '../../campaigns/components/PreviewStage';
import { toPreviewPopup } from '../editor-logic';

/**
 * The popup as a visitor sees it, page by page, drawn by the website script's own popup surface
 * (`website-script/popup-preview`: the visitor's markup, styles and texts, not a copy of them) in a
 * box standing for the visitor's window. The visitor's fixed texts (Send, Next, the comment box…)
 * and direction come from the preview language chosen beside the pager (the console's language
 * until changed): a popup carries no language of its own, so its author says which visitors to
 * picture. Next / Previous inside the popup move the editor to that page, and back.
 */
export function PopupPreview({ popup, page, onPageChange }: { popup: PopupDocumentInput; page: number; onPageChange: (page: number) => void }) {
  const { t, i18n } = useTranslation('campaigns');
  const [visitorLang, setVisitorLang] = useState<LanguageCode>(isSupportedLanguage(i18n.language) ? i18n.language : 'en');
  const pages = popup.content ?? [];
  const shownPage = Math.max(0, Math.min(page, pages.length - 1));
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
      {() => <ScriptPopup popup={popup} page={shownPage} lang={visitorLang} onPageChange={onPageChange} />}
    </PreviewStage>
  );
}

/**
 * The website script's popup in a box under the stage's window bar: made once, drawn again on every
 * change of the document, page or language, removed with the component.
 */
function ScriptPopup({
  popup,
  page,
  lang,
  onPageChange,
}: {
  popup: PopupDocumentInput;
  page: number;
  lang: LanguageCode;
  onPageChange: (page: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const preview = useRef<ScriptPreview | null>(null);
  const changePage = useRef(onPageChange);
  changePage.current = onPageChange;
  const document = useMemo(() => toPreviewPopup(popup), [popup]);
  useEffect(() => {
    const options = { lang, page, onPageChange: (index: number) => changePage.current(index) };
    if (preview.current) preview.current.update(document, options);
    else if (box.current) preview.current = renderPopupPreview(box.current, document, options);
  }, [document, lang, page]);
  useEffect(
    () => () => {
      preview.current?.destroy();
      preview.current = null;
    },
    [],
  );
  return (
    <Box
      ref={box}
      position="absolute"
      insetX="0"
      bottom="0"
      // Below the stage's window bar, which stands for the browser's.
      top="27px"
      data-testid="popup-preview"
      data-format={document.format}
      data-position={document.position}
      data-page={page + 1}
      lang={lang}
    />
  );
}
