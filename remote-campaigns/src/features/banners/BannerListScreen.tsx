import { BANNER_POSITIONS, BANNER_STYLES } from 'contracts';
import { ContentListPage } from '../campaigns-common/components/ContentListPage';
import type { CampaignColumnOptions } from '../campaigns-common/components/campaign-columns';
import { BANNERS } from '../campaigns-common/resources';
import { PRIORITY_FILTER, STATUS_FILTER, type ValueFilterSpec } from '../campaigns-common/use-owner-filters';
import { LIST_BANNERS_URL } from './api/list-banners';
import { cancelBanner } from './api/cancel-banner';
import { deleteBanner } from './api/delete-banner';
import { deleteBanners } from './api/delete-banners';
import { duplicateBanner } from './api/duplicate-banner';

const calls = { duplicate: duplicateBanner, cancel: cancelBanner, remove: deleteBanner, removeMany: deleteBanners };

const valueFilters: ValueFilterSpec[] = [
  STATUS_FILTER,
  { param: 'style', labelKey: 'columns.style', table: 'bannerStyle', values: BANNER_STYLES },
  { param: 'position', labelKey: 'columns.position', table: 'bannerPosition', values: BANNER_POSITIONS },
  PRIORITY_FILTER,
];

const columns: CampaignColumnOptions = { include: ['position', 'style', 'priority'], positionValues: 'bannerPosition', styleValues: 'bannerStyle' };

/** /banners (get_banners): the website's banners, as the popups list (style and position are the banner's). */
export default function BannerListScreen() {
  return <ContentListPage resource={BANNERS} listUrl={LIST_BANNERS_URL} valueFilters={valueFilters} columns={columns} calls={calls} />;
}
