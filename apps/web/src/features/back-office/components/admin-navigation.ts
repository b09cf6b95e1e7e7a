import {
  ArrowUpFromLine,
  Banknote,
  ClipboardList,
  Gavel,
  Landmark,
  FileCheck,
  FileSpreadsheet,
  HandCoins,
  LayoutDashboard,
  ListChecks,
  MessageSquareText,
  MessageSquareWarning,
  Scale,
  ShieldCheck,
  SlidersHorizontal,
  User,
  Users,
  Wallet,
} from 'lucide-react';
import type { AdminOverview, AdminQueueKey } from '@coop/shared/back-office';
import type { ShellNavigation } from '../../../components/layouts/nav-items';
import { paths } from '../../../config/paths';

/** The back office's sidebar: its pages, then the way back to the member portal. */
export const adminNavigation: ShellNavigation = {
  home: paths.admin,
  label: 'Back office',
  // The back office searches the cooperative's members and loans, not the administrator's own.
  search: { path: paths.adminSearch, placeholder: 'Search members, loans...' },
  main: [
    { to: paths.admin, label: 'Overview', icon: LayoutDashboard, end: true },
    { to: paths.adminMembers, label: 'Members', icon: Users },
    // Current on its subpages too (the schedule); Deduction changes, a longer path, is its own.
    { to: paths.adminPayroll, label: 'Payroll', icon: FileSpreadsheet },
    { to: paths.adminPayrollChangeRequests, label: 'Deduction changes', icon: ListChecks },
    { to: paths.adminDisputes, label: 'Disputes', icon: MessageSquareWarning },
    { to: paths.adminLoans, label: 'Loans', icon: Banknote },
    { to: paths.adminWithdrawals, label: 'Withdrawals', icon: ArrowUpFromLine },
    { to: paths.adminDepositNotices, label: 'Deposit notices', icon: Landmark },
    { to: paths.adminFines, label: 'Fines', icon: Gavel },
    { to: paths.adminDividends, label: 'Dividends', icon: HandCoins },
    { to: paths.adminAudit, label: 'Audit log', icon: ClipboardList },
    { to: paths.adminTextMessages, label: 'Text messages', icon: MessageSquareText },
    { to: paths.adminReconciliation, label: 'Reconciliation', icon: Scale },
    { to: paths.adminStatementCheck, label: 'Verify a statement', icon: FileCheck },
    { to: paths.adminPolicy, label: 'Policy', icon: SlidersHorizontal },
    { to: paths.adminApprovals, label: 'Approvals', icon: ShieldCheck },
  ],
  secondary: [
    { to: paths.dashboard, label: 'Member portal', icon: Wallet },
    { to: paths.profile, label: 'Profile', icon: User },
  ],
};

/**
 * The overview's queues the sidebar counts beside their page: those that are a page of their own
 * (the loans' three share the Loans page, and stay on the overview).
 */
const SIDEBAR_QUEUES: Partial<Record<AdminQueueKey, string>> = {
  disputes: paths.adminDisputes,
  withdrawals: paths.adminWithdrawals,
  depositNotices: paths.adminDepositNotices,
  deductionChanges: paths.adminPayrollChangeRequests,
  approvals: paths.adminApprovals,
};

/** The back office's sidebar with each queue's count of what waits there (none when nothing does). */
export function withQueueCounts(
  navigation: ShellNavigation,
  queues: AdminOverview['queues'] | undefined,
): ShellNavigation {
  if (!queues) return navigation;
  const counts = new Map(
    queues.flatMap((queue) => {
      const to = SIDEBAR_QUEUES[queue.key];
      return to && queue.count > 0 ? [[to, queue.count] as const] : [];
    }),
  );
  return {
    ...navigation,
    main: navigation.main.map((item) => {
      const value = counts.get(item.to);
      return value ? { ...item, count: { value, noun: 'waiting' } } : item;
    }),
  };
}
