import type { RoleName } from '@confero/contracts';
import {
  BookOpenCheck,
  CalendarCog,
  CalendarDays,
  ClipboardCheck,
  FileText,
  History,
  LayoutDashboard,
  type LucideIcon,
  MailWarning,
  Repeat,
  UserRound,
  UsersRound,
} from 'lucide-react';

export type NavLabelKey =
  | 'nav.dashboard'
  | 'nav.switchRole'
  | 'nav.profile'
  | 'nav.mySubmissions'
  | 'nav.myEvents'
  | 'nav.reviewerEvents'
  | 'nav.papersIChair'
  | 'nav.userManagement'
  | 'nav.eventManagement'
  | 'outbox.nav'
  | 'audit.nav';

export type NavItem = { to: string; label: NavLabelKey; icon: LucideIcon };
export type Navigation = { main: NavItem[]; admin: NavItem[] };

const DASHBOARD: NavItem = { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard };
const SWITCH_ROLE: NavItem = { to: '/roles', label: 'nav.switchRole', icon: Repeat };
const PROFILE: NavItem = { to: '/profile', label: 'nav.profile', icon: UserRound };

const ROLE_ITEMS: Partial<Record<RoleName, NavItem[]>> = {
  author: [{ to: '/submissions', label: 'nav.mySubmissions', icon: FileText }],
  chair: [{ to: '/events', label: 'nav.myEvents', icon: CalendarDays }],
  event_admin: [{ to: '/events', label: 'nav.myEvents', icon: CalendarDays }],
  reviewer: [{ to: '/events', label: 'nav.reviewerEvents', icon: ClipboardCheck }],
  area_chair: [{ to: '/area-chair', label: 'nav.papersIChair', icon: BookOpenCheck }],
};

const ADMIN_ITEMS: NavItem[] = [
  { to: '/admin/users', label: 'nav.userManagement', icon: UsersRound },
  { to: '/admin/events', label: 'nav.eventManagement', icon: CalendarCog },
  { to: '/admin/outbox', label: 'outbox.nav', icon: MailWarning },
  { to: '/admin/audit', label: 'audit.nav', icon: History },
];

/**
 * Sidebar items for the active role: every role gets the dashboard, switch role and profile; author, chair, event admin,
 * reviewer and area chair add their list; admin adds only the administration section.
 */
export function buildNavigation(role: RoleName): Navigation {
  return {
    main: [DASHBOARD, ...(ROLE_ITEMS[role] ?? []), SWITCH_ROLE, PROFILE],
    admin: role === 'admin' ? ADMIN_ITEMS : [],
  };
}

/** A link is active on its own page and on the pages below it; the dashboard only on itself. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.to) return true;
  return item.to !== '/dashboard' && pathname.startsWith(`${item.to}/`);
}
