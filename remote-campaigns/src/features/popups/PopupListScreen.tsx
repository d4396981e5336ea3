import { useCallback } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { POPUP_FORMATS, POPUP_POSITIONS, popupKind, type CampaignRow, type listPopupsCall } from 'contracts';
import type { RowAction } from 'shared-ui/data-table';
import { useTranslation } from 'shared-i18n';
import { type CampaignColumnOptions, contentListCalls, ContentListPage, PRIORITY_FILTER, STATUS_FILTER, type ValueFilters } from 'shared-content';
import { POPUP_SCREENS } from '../campaigns/kinds';
import { usePopups } from './api/list-popups';
import { useCancelPopup } from './api/cancel-popup';
import { useDeletePopup } from './api/delete-popup';
import { useDeletePopups } from './api/delete-popups';
import { useDuplicatePopup } from './api/duplicate-popup';
import { useExportAnswers } from './use-export-answers';

const valueFilters: ValueFilters<typeof listPopupsCall> = [
  STATUS_FILTER,
  { param: 'style', labelKey: 'columns.format', table: 'format', values: POPUP_FORMATS },
  { param: 'position', labelKey: 'columns.position', table: 'position', values: POPUP_POSITIONS },
  PRIORITY_FILTER,
];

const columns: CampaignColumnOptions = { include: ['position', 'priority'], positionValues: 'position' };

/**
 * /posts (get_posts): the active website's popups (columns), with the workspaces
 * side list, filters and paging in the URL, row actions (view, edit, comments and reactions,
 * form-answers export, duplicate, cancel, delete) and bulk delete.
 */
export default function PopupListScreen() {
  const { t } = useTranslation('campaigns');
  const list = usePopups(t('popups.list.loadError'));
  const calls = contentListCalls(popupKind, {
    duplicate: useDuplicatePopup(),
    cancel: useCancelPopup(),
    remove: useDeletePopup(),
    removeMany: useDeletePopups(),
  });
  const exportRow = useExportAnswers();
  const extraActions = useCallback(
    (row: CampaignRow): RowAction[] => [
      {
        label: t('popups.export.label', { title: row.title }),
        icon: <FileSpreadsheet />,
        onClick: () => void exportRow(row._id, row.title),
        testId: 'row-export',
      },
    ],
    [t, exportRow],
  );
  return <ContentListPage kind={POPUP_SCREENS} list={list} valueFilters={valueFilters} columns={columns} calls={calls} extraActions={extraActions} />;
}
