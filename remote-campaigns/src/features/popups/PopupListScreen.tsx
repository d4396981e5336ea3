import { useCallback, useMemo, useState } from 'react';
import { FileSpreadsheet, MessagesSquare } from 'lucide-react';
import { CAMPAIGN_PRIORITIES, CAMPAIGN_STATUSES, POPUP_FORMATS, POPUP_POSITIONS, type CampaignRow } from 'contracts';
import type { RowAction } from 'shared-ui/data-table';
import { toaster } from 'shared-ui';
import { errorMessage } from 'shared-auth';
import { useFormatters, useTranslation } from 'shared-i18n';
import { ContentListPage } from '../campaigns-common/components/ContentListPage';
import { CommentsReactionsDialog } from '../campaigns-common/components/CommentsReactionsDialog';
import { campaignColumns } from '../campaigns-common/components/campaign-columns';
import { useOwnerFilters, useValueFilter } from '../campaigns-common/use-owner-filters';
import { LIST_POPUPS_URL } from './api/list-popups';
import { cancelPopup } from './api/cancel-popup';
import { deletePopup } from './api/delete-popup';
import { deletePopups } from './api/delete-popups';
import { duplicatePopup } from './api/duplicate-popup';
import { exportAnswers } from './api/export-answers';

const calls = { duplicate: duplicatePopup, cancel: cancelPopup, remove: deletePopup, removeMany: deletePopups };

/**
 * /posts (get_posts): the active website's popups (spec section 2 columns), with the workspaces
 * side list, filters, paging, row actions (view, edit, comments and reactions, form-answers export,
 * duplicate, cancel, delete) and bulk delete.
 */
export default function PopupListScreen() {
  const { t } = useTranslation('campaigns');
  const format = useFormatters();
  const [feedbackOf, setFeedbackOf] = useState<CampaignRow | null>(null);
  const owners = useOwnerFilters();
  const style = useValueFilter('style', 'columns.format', 'format', POPUP_FORMATS);
  const status = useValueFilter('status', 'columns.status', 'status', CAMPAIGN_STATUSES);
  const position = useValueFilter('position', 'columns.position', 'position', POPUP_POSITIONS);
  const priority = useValueFilter('priority', 'columns.priority', 'priority', CAMPAIGN_PRIORITIES);
  const filters = useMemo(() => [status, style, position, priority, ...owners], [status, style, position, priority, owners]);
  const columns = useMemo(
    () => campaignColumns(t, format, { include: ['position', 'priority'], positionValues: 'position' }),
    [t, format],
  );
  const exportRow = useCallback(
    async (row: CampaignRow) => {
      try {
        await exportAnswers(row._id);
        toaster.create({ type: 'success', title: t('popups.export.done') });
      } catch (error) {
        toaster.create({ type: 'error', title: errorMessage(error, t('messages.exportEmpty')) });
      }
    },
    [t],
  );
  const extraActions = useCallback(
    (row: CampaignRow): RowAction[] => [
      { label: t('list.feedback', { title: row.title }), icon: <MessagesSquare />, onClick: () => setFeedbackOf(row), testId: 'row-feedback' },
      { label: t('popups.export.label', { title: row.title }), icon: <FileSpreadsheet />, onClick: () => void exportRow(row), testId: 'row-export' },
    ],
    [t, exportRow],
  );
  return (
    <ContentListPage<CampaignRow>
      kind="popups"
      service="popup"
      resource="posts"
      basePath="/posts"
      listUrl={LIST_POPUPS_URL}
      searchParam="titleOfPopup"
      workspaceParam="workSpace"
      filters={filters}
      columns={columns}
      titleOf={(row) => row.title}
      canCancelRow={(row) => row.status !== 'cancelled'}
      calls={calls}
      extraActions={extraActions}
    >
      <CommentsReactionsDialog kind="popups" item={feedbackOf} onClose={() => setFeedbackOf(null)} />
    </ContentListPage>
  );
}
