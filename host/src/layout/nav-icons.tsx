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
export const NAV_ICONS: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  popup: MessageSquare,
  banner: Flag,
  push: Bell,
  email: Mail,
  tour: Route,
  checklist: ListChecks,
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
  return NAV_ICONS[name] ?? CircleDot;
}
