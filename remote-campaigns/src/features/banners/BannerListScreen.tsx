import { BANNER_POSITIONS, BANNER_STYLES } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { ContentListPage, type ContentListCalls } from 'shared-content';
import type { CampaignColumnOptions } from 'shared-content';
import { BANNER_SCREENS } from '../campaigns/kinds';
import { PRIORITY_FILTER, STATUS_FILTER, type ValueFilterSpec } from 'shared-content';
import { useBanners } from './api/list-banners';
import { useCancelBanner } from './api/cancel-banner';
import { useDeleteBanner } from './api/delete-banner';
import { useDeleteBanners } from './api/delete-banners';
import { useDuplicateBanner } from './api/duplicate-banner';
import { bannerKind, bulkDeleteBody } from 'contracts';

const valueFilters: ValueFilterSpec[] = [
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
  const duplicate = useDuplicateBanner();
  const cancel = useCancelBanner();
  const remove = useDeleteBanner();
  const removeMany = useDeleteBanners();
  const calls: ContentListCalls = {
    duplicate: (id) => duplicate.mutateAsync({ params: { id } }),
    cancel: (id) => cancel.mutateAsync({ params: { id } }),
    remove: (id) => remove.mutateAsync({ params: { id } }),
    removeMany: (ids) => removeMany.mutateAsync({ body: bulkDeleteBody(bannerKind, ids) }),
  };
  return <ContentListPage kind={BANNER_SCREENS} list={list} valueFilters={valueFilters} columns={columns} calls={calls} />;
}
