import { tourKind } from 'contracts';
import { kindScreens } from 'shared-content';

/** Product tours as the shared list and lifecycle bar see them: derived from the tour's descriptor. */
export const TOUR_SCREENS = kindScreens(tourKind);
