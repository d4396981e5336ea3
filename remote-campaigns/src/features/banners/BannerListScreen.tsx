import { useCallback, useMemo, useState } from 'react';
import { MessagesSquare } from 'lucide-react';
import { BANNER_POSITIONS, BANNER_STYLES, CAMPAIGN_PRIORITIES, CAMPAIGN_STATUSES, type CampaignRow } from 'contracts';
import type { RowAction } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { ContentListPage } from '../campaigns-common/components/ContentListPage';
import { CommentsReactionsDialog } from '../campaigns-common/components/CommentsReactionsDialog';
import { campaignColumns } from '../campaigns-common/components/campaign-columns';
import { useOwnerFilters, useValueFilter } from '../campaigns-common/use-owner-filters';
import { LIST_BANNERS_URL } from './api/list-banners';
import { cancelBanner } from './api/cancel-banner';
import { deleteBanner } from './api/delete-banner';
import { deleteBanners } from './api/delete-banners';
import { duplicateBanner } from './api/duplicate-banner';

const calls = { duplicate: duplicateBanner, cancel: cancelBanner, remove: deleteBanner, removeMany: deleteBanners };

/** /banners (get_banners): the website's banners, as the popups list (style and position are the banner's). */
export default function BannerListScreen() {
  const { t } = useTranslation('campaigns');
  const format = useFormatters();
  const [feedbackOf, setFeedbackOf] = useState<CampaignRow | null>(null);
  const owners = useOwnerFilters();
  const style = useValueFilter('style', 'columns.style', 'bannerStyle', BANNER_STYLES);
  const status = useValueFilter('status', 'columns.status', 'status', CAMPAIGN_STATUSES);
  const position = useValueFilter('position', 'columns.position', 'bannerPosition', BANNER_POSITIONS);
  const priority = useValueFilter('priority', 'columns.priority', 'priority', CAMPAIGN_PRIORITIES);
  const filters = useMemo(() => [status, style, position, priority, ...owners], [status, style, position, priority, owners]);
  const columns = useMemo(
    () => campaignColumns(t, format, { include: ['position', 'style', 'priority'], positionValues: 'bannerPosition', styleValues: 'bannerStyle' }),
    [t, format],
  );
  const extraActions = useCallback(
    (row: CampaignRow): RowAction[] => [{ label: t('list.feedback', { title: row.title }), icon: <MessagesSquare />, onClick: () => setFeedbackOf(row), testId: 'row-feedback' }],
    [t],
  );
  return (
    <ContentListPage<CampaignRow>
      kind="banners"
      service="banner"
      resource="banners"
      basePath="/banners"
      listUrl={LIST_BANNERS_URL}
      searchParam="titleOfBanner"
      workspaceParam="workSpace"
      filters={filters}
      columns={columns}
      titleOf={(row) => row.title}
      canCancelRow={(row) => row.status !== 'cancelled'}
      calls={calls}
      extraActions={extraActions}
    >
      <CommentsReactionsDialog kind="banners" item={feedbackOf} onClose={() => setFeedbackOf(null)} />
    </ContentListPage>
  );
}
