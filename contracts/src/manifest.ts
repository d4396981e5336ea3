import { z } from 'zod';
import { ALL_PERMISSIONS, type Permission } from './permissions';

/**
 * What a remote tells the host about itself through its `./manifest` module: pure data, no code.
 * The host builds its router and sidebar from the manifests it could load.
 */
export const remoteRouteSchema = z.object({
  /** Absolute path, React Router syntax (`/role/:id/edit`). */
  path: z.string().startsWith('/'),
  /** Exposed module of the remote that renders the screen (`./RoleList`), loaded on first visit. */
  screen: z.string().startsWith('./'),
  /** The permission the route requires, or null for "any signed-in user". */
  permission: z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]).nullable(),
  /** `main` renders inside the main layout; `bare` is the full-screen layout (`/pretour`). */
  layout: z.enum(['main', 'bare']).default('main'),
  /** Only the super-admin may open it (spec: the administrator's client list), besides the permission. */
  superAdminOnly: z.boolean().default(false),
});
export type RemoteRoute = z.input<typeof remoteRouteSchema>;

/** The icons the host draws for nav entries (a manifest is pure data, so it names one of these). */
export const NAV_ICON_NAMES = [
  'dashboard',
  'messageSquare',
  'flag',
  'bell',
  'mail',
  'route',
  'listChecks',
  'users',
  'roles',
  'groups',
  'invitations',
  'websites',
  'tags',
  'workspaces',
  'audiences',
  'peopleData',
  'messenger',
  'conversations',
  'guide',
  'notifications',
  'settings',
] as const;
export type NavIconName = (typeof NAV_ICON_NAMES)[number];

export const navEntrySchema = z.object({
  /** Translation key in the remote's own namespace. */
  labelKey: z.string(),
  path: z.string().startsWith('/'),
  /** Name of an icon the host knows (its icon map is total over these names). */
  icon: z.enum(NAV_ICON_NAMES),
  permission: z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]).nullable(),
  /** Sidebar group the entry belongs to (translation key in `common`: nav.group.*). */
  group: z.enum(['overview', 'engagement', 'audience', 'organisation', 'setup']),
  order: z.number().int().default(100),
  /** Shown to the super-admin only (the main layout's super-admin check). */
  superAdminOnly: z.boolean().default(false),
});
export type NavEntry = z.input<typeof navEntrySchema>;

export const remoteManifestSchema = z.object({
  /** Federation name of the remote (`remote_campaigns`). */
  name: z.string(),
  /** i18n namespace the remote owns and ships with its bundle. */
  namespace: z.string(),
  /** Build version, shown in the host's "About" panel: proves which deploy is live. */
  version: z.string(),
  /**
   * The host-remote contract the remote was built against (see compatibility.ts). Manifests from
   * before the field were 1.0.0. Written by the build, not by the remote's author.
   */
  contract: z.string().default('1.0.0'),
  /** The version of each shared singleton the remote was built with (written by the build). */
  shared: z.record(z.string(), z.string()).default({}),
  routes: z.array(remoteRouteSchema),
  nav: z.array(navEntrySchema),
});
export type RemoteManifest = z.input<typeof remoteManifestSchema>;
export type ParsedRemoteManifest = z.output<typeof remoteManifestSchema>;

/** `/runtime-config.json`, served next to the host and read at start: nothing is baked in at build. */
export const runtimeRemoteSchema = z.object({
  /** Federation name (`remote_campaigns`). */
  name: z.string(),
  /** Section id, used for the translated section title and the "unavailable" mark (`campaigns`). */
  section: z.string(),
  /** URL of the remote's `mf-manifest.json`. */
  entry: z.string(),
  /** Path prefixes this remote owns, so a route of a remote that is down still shows its fallback. */
  basePaths: z.array(z.string().startsWith('/')),
});
export type RuntimeRemote = z.infer<typeof runtimeRemoteSchema>;

export const identityProviderConfigSchema = z.object({
  /** The OpenID Connect issuer (its `/.well-known/openid-configuration` is read). */
  issuer: z.string().url(),
  clientId: z.string(),
  /** `token`: access-token (implicit) flow, the default; `code`: authorization-code flow. */
  flow: z.enum(['token', 'code']).default('token'),
  /** Extra scopes besides openid, profile and email. */
  scopes: z.array(z.string()).default([]),
  /** Label of the button (e.g. "Google"). */
  name: z.string().default('SSO'),
});
export type IdentityProviderConfig = z.infer<typeof identityProviderConfigSchema>;

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  remotes: z.array(runtimeRemoteSchema),
  identityProvider: identityProviderConfigSchema.nullable().default(null),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
