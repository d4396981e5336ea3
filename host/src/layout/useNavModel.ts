import { usePermissions, useSession } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import type { ParsedRemoteManifest, Permission } from 'contracts';
import { cachedNav } from '../federation/remotes';
import { useRemotes } from '../federation/useRemotes';

export const NAV_GROUPS = ['overview', 'engagement', 'audience', 'organisation', 'setup'] as const;
export type NavItem = { key: string; label: string; path: string; icon: string; unavailable: boolean; order: number };
export type NavGroup = { group: (typeof NAV_GROUPS)[number]; items: NavItem[] };

/**
 * Where a section sits in the sidebar, and its icon, when its remote is down before its entries were
 * ever seen: it stays in its own group (not moved to the bottom) under its section's name.
 */
export const SECTION_PLACES: Record<string, { group: (typeof NAV_GROUPS)[number]; icon: string }> = {
  dashboard: { group: 'overview', icon: 'dashboard' },
  campaigns: { group: 'engagement', icon: 'messageSquare' },
  toursChecklists: { group: 'engagement', icon: 'route' },
  settings: { group: 'organisation', icon: 'settings' },
};

/**
 * The sidebar, built from the manifests that loaded (entries the user cannot open are hidden),
 * plus the sections whose remote is down, marked unavailable (from their last known entries).
 */
export function useNavModel(): { groups: NavGroup[]; loading: boolean } {
  const { t } = useTranslation('common');
  const permissions = usePermissions();
  const isSuperAdmin = useSession().user?.isSuperAdmin ?? false;
  const remotes = useRemotes();
  const byGroup = new Map<string, NavItem[]>();
  const can = (permission: Permission | null, superAdminOnly = false) =>
    (!superAdminOnly || isSuperAdmin) && (permission === null || permissions.includes(permission));
  const add = (group: string, item: NavItem) => byGroup.set(group, [...(byGroup.get(group) ?? []), item]);
  let loading = false;

  for (const { remote, state, manifest } of remotes) {
    if (state.status === 'ready' && manifest) {
      for (const entry of manifest.nav) {
        if (!can(entry.permission, entry.superAdminOnly)) continue;
        add(entry.group, {
          key: `${remote.name}:${entry.path}`,
          label: t(`${manifest.namespace}:${entry.labelKey}`),
          path: entry.path,
          icon: entry.icon,
          unavailable: false,
          order: entry.order,
        });
      }
    } else if (state.status === 'failed') {
      const cached = cachedNav(remote.name);
      const entries: ParsedRemoteManifest['nav'] = cached?.nav.filter((e) => can(e.permission, e.superAdminOnly)) ?? [];
      if (entries.length === 0) {
        const place = SECTION_PLACES[remote.section] ?? { group: 'setup', icon: 'settings' };
        add(place.group, {
          key: remote.name,
          label: t(`nav.section.${remote.section}`),
          path: remote.basePaths[0],
          icon: place.icon,
          unavailable: true,
          order: 900,
        });
      }
      for (const entry of entries) {
        // Its namespace may not be loaded (the remote is down): the section's name stands in.
        const label = t(`${cached!.namespace}:${entry.labelKey}`, { defaultValue: t(`nav.section.${remote.section}`) });
        add(entry.group, { key: `${remote.name}:${entry.path}`, label, path: entry.path, icon: entry.icon, unavailable: true, order: entry.order });
      }
    } else {
      loading = true;
    }
  }
  const groups = NAV_GROUPS.map((group) => ({ group, items: (byGroup.get(group) ?? []).sort((a, b) => a.order - b.order) })).filter((g) => g.items.length > 0);
  return { groups, loading };
}
