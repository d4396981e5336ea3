import { expect, type Locator } from '@playwright/test';
import type { ListPage } from '../pages/ListPage';
import type { ShellPage } from '../pages/ShellPage';

/**
 * A list and its create form in Arabic, as the specs of each section check them: the language chosen
 * in the header, the list right to left under its Arabic heading (`onList` checks more there), then
 * its Create button opens the form under its own Arabic heading.
 */
export async function openCreateFormInArabic(
  shell: ShellPage,
  list: ListPage & { createButton: Locator },
  form: ShellPage & { expectLoaded(): Promise<void> },
  headings: { list: string; form: string },
  onList?: () => Promise<void>,
): Promise<void> {
  await shell.chooseLanguage('ar');
  await list.navigate();
  await list.expectDocumentDirection('rtl', 'ar');
  await expect(list.heading).toHaveText(headings.list);
  await onList?.();
  await list.createButton.click();
  await form.expectLoaded();
  await expect(form.heading).toHaveText(headings.form);
}
