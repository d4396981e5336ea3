import { BANNER_POSITIONS, BANNER_STYLES, bannerKind, type listBannersCall } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { type CampaignColumnOptions, contentListCalls, ContentListPage, PRIORITY_FILTER, STATUS_FILTER, type ValueFilters } from 'shared-content';
import { BANNER_SCREENS } from '../campaigns/kinds';
import { useBanners } from './api/list-banners';
import { useCancelBanner } from './api/cancel-banner';
import { useDeleteBanner } from './api/delete-banner';
import { useDeleteBanners } from './api/delete-banners';
import { useDuplicateBanner } from './api/duplicate-banner';

const valueFilters: ValueFilters<typeof listBannersCall> = [
  STATUS_FILTER,
  { param: 'style', labelKey: 'columns.style', table: 'bannerStyle', values: BANNER_STYLES },
  { param: 'position', labelKey: 'columns.position', table: 'bannerPosition', values: BANNER_POSITIONS },
  PRIORITY_FILTER,
];

const columns: CampaignColumnOptions = { include: ['position', 'style', 'priority'], positionValues: 'bannerPosition', styleValues: 'bannerStyle' };

/** /banners (get_banners): the website's banners, as the popups list (style and position are the banner's). */
export default function BannerListScreen() {
  const { t } = useTranslation('campaigns');
  const list = useBanners(t('banners.list.loadError'));
  const calls = contentListCalls(bannerKind, {
    duplicate: useDuplicateBanner(),
    cancel: useCancelBanner(),
    remove: useDeleteBanner(),
    removeMany: useDeleteBanners(),
  });
  return <ContentListPage kind={BANNER_SCREENS} list={list} valueFilters={valueFilters} columns={columns} calls={calls} />;
}
