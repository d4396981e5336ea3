import { type Page } from '@playwright/test';
import { bannerKind } from '../../contracts/src/content-kinds';
import { campaignListOf } from './PopupListPage';
import { ContentEditorPage } from './ContentEditorPage';
import { withTestIds } from './withTestIds';

/** The list of banners. */
export const BannerListPage = campaignListOf(bannerKind);

/** The banner editor and its live preview. */
export class BannerEditorPage extends withTestIds(ContentEditorPage, {
  title: 'field-title',
  content: 'field-content',
  actionType: 'field-action-type',
  urlText: 'field-url-text',
  url: 'field-url',
}) {
  public constructor(page: Page) {
    super(page, 'banner');
  }
}
