import type { SurfaceKind, SurfaceModule } from './types';

/**
 * One lazily loaded chunk per kind served to pages: a visitor downloads only what the server asks it
 * to show. The record is total over the served kinds (contracts' descriptors), so a kind served
 * without its surface here does not compile.
 */
export const SURFACES: Record<SurfaceKind, () => Promise<SurfaceModule>> = {
  popup: () => import(/* webpackChunkName: "popup" */ './popup') as Promise<SurfaceModule>,
  banner: () => import(/* webpackChunkName: "banner" */ './banner') as Promise<SurfaceModule>,
  push: () => import(/* webpackChunkName: "push" */ './push') as Promise<SurfaceModule>,
  tour: () => import(/* webpackChunkName: "tour" */ './tour') as Promise<SurfaceModule>,
  checklist: () => import(/* webpackChunkName: "checklist" */ './checklist') as Promise<SurfaceModule>,
};
