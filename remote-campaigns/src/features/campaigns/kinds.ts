import { bannerKind, popupKind, pushKind } from 'contracts';
import { kindScreens } from 'shared-content';

/** The campaign kinds of this remote, as the shared list and view screens see them: derived from each kind's descriptor. */
export const POPUP_SCREENS = kindScreens(popupKind);
export const BANNER_SCREENS = kindScreens(bannerKind);
export const PUSH_NOTIFICATION_SCREENS = kindScreens(pushKind);
