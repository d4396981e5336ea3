import { expect, type Page } from '@playwright/test';
import { unique } from './names';
import { BannerEditorPage, BannerListPage } from '../pages/BannerPages';
import { PopupEditorPage } from '../pages/PopupEditorPage';
import { type CampaignListPage, PopupListPage } from '../pages/PopupListPage';
import type { ContentEditorPage } from '../pages/ContentEditorPage';
import { PushEditorPage, PushListPage } from '../pages/PushPages';
import type { SignpostApi } from './api';

/**
 * Content published through the console's editors, as a new user does it (each in a new workspace),
 * for the specs that then look at it on the demo site. Each answers the new item's id.
 */

export interface PopupSpec {
  title: string;
  text: string;
  /** The page rule: shown only where the address matches (`/pricing`, `#/completed`). */
  href?: string;
  replay?: 'text' | 'emoji';
  emoji?: string;
  question?: string;
  audience?: string;
  displaySeconds?: number;
  /** In the centre a popup is modal (focus moves into it); in a corner it leaves focus on the page. */
  centre?: boolean;
}

/** Opens a new item's editor in a new workspace (the list under `heading` when given), lets `fill` write it, and creates it. */
export async function createInEditor<E extends ContentEditorPage>(
  list: CampaignListPage,
  editor: E,
  where: { workspace: string; heading?: string },
  fill: (editor: E) => Promise<void>,
): Promise<void> {
  await list.openNewEditor(where.workspace, where.heading);
  await editor.expectLoaded();
  await fill(editor);
  await editor.submit.click();
}

/** A push notification created live goes out at once: its editor asks first, naming the devices; answered yes. */
export async function confirmSending(page: Page): Promise<void> {
  const dialog = page.getByTestId('publish-dialog');
  await expect(dialog.getByTestId('publish-reach')).toContainText(/subscribed|device/);
  await dialog.getByTestId('confirm-button').click();
}

export async function publishPopup(page: Page, spec: PopupSpec, workspace = 'Demo site'): Promise<string> {
  const list = new PopupListPage(page);
  await createInEditor(list, new PopupEditorPage(page), { workspace: unique(workspace) }, async (editor) => {
    await editor.title.fill(spec.title);
    await editor.block(1).getByTestId('block-text').fill(spec.text);
    if (spec.question) {
      await editor.addBlock('question');
      await editor.block(2).getByTestId('block-question').fill(spec.question);
    }
    if (spec.replay) await page.getByTestId('field-replay-type').selectOption(spec.replay);
    if (spec.emoji) await editor.addEmoji(spec.emoji);
    if (spec.href) await editor.href.fill(spec.href);
    if (spec.displaySeconds) await editor.displayTime.fill(String(spec.displaySeconds));
    if (spec.centre) await page.getByTestId('field-position').selectOption('center');
    if (spec.audience) await editor.targetAudience(spec.audience);
  });
  await list.expectSuccessToast('Popup created successfully');
  await expect(list.row(spec.title)).toContainText('Public');
  return list.itemId(spec.title);
}

/** A push notification: its name in the list, the notification's title and body, how long it shows. */
export interface PushSpec {
  name: string;
  title: string;
  body: string;
  seconds?: number;
}

export interface BannerSpec {
  title: string;
  content: string;
}

export async function publishPush(page: Page, spec: PushSpec, workspace = 'Demo site'): Promise<string> {
  const list = new PushListPage(page);
  await createInEditor(list, new PushEditorPage(page), { workspace: unique(workspace) }, async (editor) => {
    await editor.pushTitle.fill(spec.name);
    await editor.title.fill(spec.title);
    await editor.body.fill(spec.body);
    if (spec.seconds) await page.getByTestId('field-duration').fill(String(spec.seconds));
  });
  await confirmSending(page);
  await list.expectSuccessToast('Push notification created successfully');
  return list.itemId(spec.name);
}

export async function publishBanner(page: Page, spec: BannerSpec, workspace = 'Demo site'): Promise<string> {
  const list = new BannerListPage(page);
  await createInEditor(list, new BannerEditorPage(page), { workspace: unique(workspace) }, async (editor) => {
    await editor.title.fill(spec.title);
    await editor.content.fill(spec.content);
  });
  await list.expectSuccessToast('Banner created successfully');
  return list.itemId(spec.title);
}

/** Deletes what a test published (what is already gone is no error). */
export async function removeContent(api: SignpostApi, items: { kind: 'popup' | 'banner' | 'push'; id: string }[]): Promise<void> {
  const session = await api.loginAsAdmin();
  for (const { kind, id } of items) await api.deleteContent(session, kind, id).catch(() => undefined);
}
