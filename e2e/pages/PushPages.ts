import { type Page } from '@playwright/test';
import { pushKind } from '../../contracts/src/content-kinds';
import { campaignListOf } from './PopupListPage';
import { ContentEditorPage } from './ContentEditorPage';
import { withTestIds } from './withTestIds';

/** The list of push notifications. */
export const PushListPage = campaignListOf(pushKind);

/** The push-notification editor and its live notification preview. */
export class PushEditorPage extends withTestIds(ContentEditorPage, {
  pushTitle: 'field-push-title',
  title: 'field-title',
  body: 'field-body',
  iconInput: 'field-icon-input',
  actionUrl: 'field-action-url',
}) {
  public constructor(page: Page) {
    super(page, 'push');
  }
}
