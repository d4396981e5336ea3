import { useEffect } from 'react';
import { useTranslation } from 'shared-i18n';

/** The product's name: the title of a screen without a heading of its own (and of index.html). */
const PRODUCT = 'Signpost';

/** The name of the screen shown: its first-level heading, the main area's first (a dialog's title is no screen). */
export function screenName(doc: Document): string | null {
  const heading = doc.querySelector('#main h1') ?? doc.querySelector('h1');
  return heading?.textContent?.trim() || null;
}

/**
 * Each screen's own document title ("Popups · Signpost"), for the tab, the history and a screen
 * reader's announcement of the page. Every screen, the remotes' too, already names itself in its
 * translated `h1`: the title follows it (once per frame, whatever the number of DOM changes).
 */
export function useDocumentTitle() {
  const { t } = useTranslation('common');
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const page = screenName(document);
      const next = page ? t('documentTitle', { page }) : PRODUCT;
      if (document.title !== next) document.title = next;
    };
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(update);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    update();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [t]);
}
