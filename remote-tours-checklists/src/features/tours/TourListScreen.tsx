import { CAMPAIGN_DEVICES, tourKind, type listToursCall } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { type CampaignColumnOptions, contentListCalls, ContentListPage, PRIORITY_FILTER, STATUS_FILTER, type ValueFilters } from 'shared-content';
import { TOUR_SCREENS } from './kinds';
import { useTours } from './api/list-tours';
import { useCancelTour } from './api/cancel-tour';
import { useDeleteTour } from './api/delete-tour';
import { useDeleteTours } from './api/delete-tours';
import { useDuplicateTour } from './api/duplicate-tour';

const valueFilters: ValueFilters<typeof listToursCall> = [
  STATUS_FILTER,
  PRIORITY_FILTER,
  { param: 'devices', labelKey: 'columns.devices', table: 'devices', values: CAMPAIGN_DEVICES },
];

const columns: CampaignColumnOptions = { include: ['priority'] };

/**
 * /tour (get_tour): the website's product tours in the shared content list — the tour workspaces
 * beside it, the filters of the list call, the statuses, and the row actions (view, edit, comments
 * and reactions, publish, duplicate, cancel, delete) and bulk delete.
 */
export default function TourListScreen() {
  const { t } = useTranslation('toursChecklists');
  const list = useTours(t('tours.list.loadError'));
  const calls = contentListCalls(tourKind, { duplicate: useDuplicateTour(), cancel: useCancelTour(), remove: useDeleteTour(), removeMany: useDeleteTours() });
  return <ContentListPage kind={TOUR_SCREENS} list={list} valueFilters={valueFilters} columns={columns} calls={calls} />;
}
