import type { Permission } from 'contracts';
import type { RouteAccess } from '../../plugins/access';

/**
 * Access of every tags and workspaces call. Spec section 6 names no permission for them, so any
 * signed-in member of the organisation may use them (permission null), always inside the website of
 * the `Activewebsite` header (website true): they are content of that website, and a website of
 * another organisation answers 404 before the handler runs (plugins/access.ts).
 */
export const WEBSITE_CONTENT_ACCESS: RouteAccess = { auth: true, permission: null, website: true };

/** Writing inside the active website, with the permission it needs (issue 10, item 3). */
export const websiteWrite = (permission: Permission): RouteAccess => ({ auth: true, permission, website: true });

/** The website of the `Activewebsite` header: the one tenancy helper lives with the access hook. */
export { activeWebsiteOf } from '../../plugins/access';
