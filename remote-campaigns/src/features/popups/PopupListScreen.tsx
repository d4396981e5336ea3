import { useCallback } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { POPUP_FORMATS, POPUP_POSITIONS, type CampaignRow } from 'contracts';
import type { RowAction } from 'shared-ui/data-table';
import { useTranslation } from 'shared-i18n';
import { ContentListPage } from '../campaigns-common/components/ContentListPage';
import type { CampaignColumnOptions } from '../campaigns-common/components/campaign-columns';
import { POPUPS } from '../campaigns-common/resources';
import { PRIORITY_FILTER, STATUS_FILTER, type ValueFilterSpec } from '../campaigns-common/use-owner-filters';
import { LIST_POPUPS_URL } from './api/list-popups';
import { cancelPopup } from './api/cancel-popup';
import { deletePopup } from './api/delete-popup';
import { deletePopups } from './api/delete-popups';
import { duplicatePopup } from './api/duplicate-popup';
import { useExportAnswers } from './use-export-answers';

const calls = { duplicate: duplicatePopup, cancel: cancelPopup, remove: deletePopup, removeMany: deletePopups };

const valueFilters: ValueFilterSpec[] = [
  STATUS_FILTER,
  { param: 'style', labelKey: 'columns.format', table: 'format', values: POPUP_FORMATS },
  { param: 'position', labelKey: 'columns.position', table: 'position', values: POPUP_POSITIONS },
  PRIORITY_FILTER,
];

const columns: CampaignColumnOptions = { include: ['position', 'priority'], positionValues: 'position' };

/**
 * /posts (get_posts): the active website's popups (spec section 2 columns), with the workspaces
 * side list, filters, paging, row actions (view, edit, comments and reactions, form-answers export,
 * duplicate, cancel, delete) and bulk delete.
 */
export default function PopupListScreen() {
  const { t } = useTranslation('campaigns');
  const exportRow = useExportAnswers();
  const extraActions = useCallback(
    (row: CampaignRow): RowAction[] => [
      { label: t('popups.export.label', { title: row.title }), icon: <FileSpreadsheet />, onClick: () => void exportRow(row._id), testId: 'row-export' },
    ],
    [t, exportRow],
  );
  return (
    <ContentListPage resource={POPUPS} listUrl={LIST_POPUPS_URL} valueFilters={valueFilters} columns={columns} calls={calls} extraActions={extraActions} />
  );
}
