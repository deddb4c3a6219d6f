import type { RoleName } from '@confero/contracts';
import {
  BookOpenCheck,
  ClipboardCheck,
  Crown,
  FileText,
  Gavel,
  type LucideIcon,
  ShieldCheck,
  UserRound,
  UserRoundSearch,
} from 'lucide-react';

/** Each role's icon on the roles screen. */
export const ROLE_ICONS: Record<RoleName, LucideIcon> = {
  simple_user: UserRound,
  author: FileText,
  reviewer: ClipboardCheck,
  chair: Gavel,
  event_admin: Crown,
  admin: ShieldCheck,
  guest: UserRoundSearch,
  area_chair: BookOpenCheck,
};
