import { Bookmark, Briefcase, Flag, Folder, Heart, Rocket, Star, Zap, type LucideIcon } from 'lucide-react';
import type { WorkspaceIcon as IconName } from 'contracts';

// The one drawing of the workspace icon names (contracts' WORKSPACE_ICONS) in every remote.
const ICONS: Record<IconName, LucideIcon> = {
  folder: Folder,
  star: Star,
  rocket: Rocket,
  heart: Heart,
  flag: Flag,
  bookmark: Bookmark,
  briefcase: Briefcase,
  zap: Zap,
};

/** The icon a workspace names (an unknown name draws a folder). */
export function WorkspaceIcon({ name, size = 16 }: { name: string; size?: number }) {
  const Icon = ICONS[name as IconName] ?? Folder;
  return <Icon size={size} aria-hidden />;
}
