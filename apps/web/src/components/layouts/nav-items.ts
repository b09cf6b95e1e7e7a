import {
  Banknote,
  Bell,
  Coins,
  HandCoins,
  LayoutDashboard,
  PiggyBank,
  ReceiptText,
  ShieldCheck,
  User,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../config/paths';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Current on this exact path only (a section's home, such as /admin), never on its subpages. */
  end?: boolean;
  /** A count of what waits there (the back office's Approvals), with what it counts. */
  count?: { value: number; noun: string };
};

/**
 * The item of `items` the page at `pathname` belongs to: its own page, or a page under it
 * (/admin/payroll/schedule is Payroll's) unless the item is `end`; of two that match, the longer
 * path (/admin/payroll/change-requests is Deduction changes', not Payroll's). At most one item is
 * current, so the sidebar never highlights two.
 */
export function currentNavItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let current: NavItem | undefined;
  for (const item of items) {
    const matches = path === item.to || (!item.end && path.startsWith(`${item.to}/`));
    if (matches && (!current || item.to.length > current.to.length)) current = item;
  }
  return current;
}

/** Sidebar links of docs/member-portal.md §2 "Layout", in its order. */
export const mainNavItems: readonly NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.contributions, label: 'Contributions', icon: PiggyBank },
  // What the employer deducts for the cooperative: the way most contributions arrive.
  { to: paths.deductions, label: 'Payroll deductions', icon: Banknote },
  { to: paths.loans, label: 'Loans', icon: HandCoins },
  { to: paths.withdrawals, label: 'Withdrawals', icon: Wallet },
  { to: paths.dividends, label: 'Dividends', icon: Coins },
  { to: paths.fines, label: 'Fines', icon: ReceiptText },
];

export const secondaryNavItems: readonly NavItem[] = [
  { to: paths.notifications, label: 'Notifications', icon: Bell },
  { to: paths.profile, label: 'Profile', icon: User },
];

/** What a shell's sidebar shows: the member portal's links by default, the back office's its own. */
export type ShellNavigation = {
  /** Where the logo leads. */
  home: string;
  /** The main navigation's accessible name. */
  label: string;
  main: readonly NavItem[];
  secondary: readonly NavItem[];
  /** Where the top bar's search leads (the term in `?q=`), and what its box says. */
  search: TopBarSearchTarget;
};

export type TopBarSearchTarget = { path: string; placeholder: string };

export const memberNavigation: ShellNavigation = {
  home: paths.dashboard,
  label: 'Main',
  main: mainNavItems,
  secondary: secondaryNavItems,
  search: { path: paths.search, placeholder: 'Search transactions, loans...' },
};

/** An administrator's member portal also leads to the back office. */
export const administratorMemberNavigation: ShellNavigation = {
  ...memberNavigation,
  secondary: [...secondaryNavItems, { to: paths.admin, label: 'Back office', icon: ShieldCheck }],
};
