import type { Page } from '@playwright/test';

/**
 * The website script dispatches `signpost:content` on the window once it has shown what a content
 * answer holds. A check that something is NOT shown proves something only after that: before it,
 * nothing is shown because nothing was decided yet, and a fixed sleep only hopes it was.
 */
type Counted = { __signpostContentAnswers?: number };

/** From the page's next load on, counts the content answers the script has finished with. */
export async function countContentAnswers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Counted;
    w.__signpostContentAnswers = 0;
    window.addEventListener('signpost:content', () => {
      w.__signpostContentAnswers = (w.__signpostContentAnswers ?? 0) + 1;
    });
  });
}

/** Waits until the script has finished with a content answer of this page load (countContentAnswers first). */
export async function contentAnswered(page: Page, { timeout = 20_000 } = {}): Promise<void> {
  await page.waitForFunction(() => ((window as unknown as Counted).__signpostContentAnswers ?? 0) >= 1, undefined, { timeout });
}
