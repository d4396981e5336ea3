import type { SurfaceKind, SurfaceModule } from './types';

/**
 * One lazily loaded chunk per kind of surface: a visitor downloads only what the server asks it to
 * show. Messenger, tours and checklists plug in here the same way (a kind, a chunk with `mount`).
 */
export const SURFACES: Partial<Record<SurfaceKind, () => Promise<SurfaceModule>>> = {
  popup: () => import(/* webpackChunkName: "popup" */ './popup') as Promise<SurfaceModule>,
  banner: () => import(/* webpackChunkName: "banner" */ './banner') as Promise<SurfaceModule>,
  push: () => import(/* webpackChunkName: "push" */ './push') as Promise<SurfaceModule>,
  tour: () => import(/* webpackChunkName: "tour" */ './tour') as Promise<SurfaceModule>,
  checklist: () => import(/* webpackChunkName: "checklist" */ './checklist') as Promise<SurfaceModule>,
};
