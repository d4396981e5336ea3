import { tourCalls } from 'contracts';
import type { CampaignKindScreens } from 'shared-content';

/** Product tours as the shared list and lifecycle bar see them (shared-content's kinds). */
export const TOUR_SCREENS: CampaignKindScreens = {
  namespace: 'toursChecklists',
  i18nKey: 'tours',
  service: 'tour',
  subject: 'tour',
  basePath: '/tour',
  searchParam: 'title',
  feedback: tourCalls,
  lifecycle: tourCalls,
};
