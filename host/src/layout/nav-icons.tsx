import type { NavIconName } from 'contracts';
import {
  Bell,
  BookOpen,
  CircleDot,
  Flag,
  FolderKanban,
  Globe,
  IdCard,
  LayoutDashboard,
  ListChecks,
  Mail,
  MailPlus,
  MessageCircle,
  MessageSquare,
  MessagesSquare,
  Route,
  Settings,
  ShieldCheck,
  Tags,
  Target,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** Icons a remote's nav entry may name (its manifest is pure data, so it names, not imports). */
export const NAV_ICONS: Record<NavIconName, LucideIcon> = {
  dashboard: LayoutDashboard,
  messageSquare: MessageSquare,
  flag: Flag,
  bell: Bell,
  mail: Mail,
  route: Route,
  listChecks: ListChecks,
  users: UserRound,
  roles: ShieldCheck,
  groups: Users,
  invitations: MailPlus,
  websites: Globe,
  tags: Tags,
  workspaces: FolderKanban,
  audiences: Target,
  // People data (the attributes known about each person): not the audiences' target.
  peopleData: IdCard,
  messenger: MessagesSquare,
  conversations: MessageCircle,
  guide: BookOpen,
  notifications: Bell,
  settings: Settings,
};

export function navIcon(name: string): LucideIcon {
  return NAV_ICONS[name as NavIconName] ?? CircleDot;
}
