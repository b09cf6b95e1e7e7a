import {
  Bell,
  Coins,
  HandCoins,
  LayoutDashboard,
  PiggyBank,
  ReceiptText,
  User,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../config/paths';

export type NavItem = { to: string; label: string; icon: LucideIcon };

/** Sidebar links of spec §2 "Layout", in its order. */
export const mainNavItems: readonly NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.contributions, label: 'Contributions', icon: PiggyBank },
  { to: paths.loans, label: 'Loans', icon: HandCoins },
  { to: paths.withdrawals, label: 'Withdrawals', icon: Wallet },
  { to: paths.dividends, label: 'Dividends', icon: Coins },
  { to: paths.fines, label: 'Fines', icon: ReceiptText },
];

export const secondaryNavItems: readonly NavItem[] = [
  { to: paths.notifications, label: 'Notifications', icon: Bell },
  { to: paths.profile, label: 'Profile', icon: User },
];
