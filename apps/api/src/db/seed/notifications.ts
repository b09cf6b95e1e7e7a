/**
 * Demo part 3: notifications for Ada, Bayo and Chidi, one or more of every type and every
 * priority, some read and some unread, spread over the last two months. They go through the
 * notifications service, as the events that write them will.
 */
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationPriority,
  type NotificationType,
} from '@coop/shared/notifications';
import { addMonthsClamped, formatDisplayDate, parseIsoDate } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { createNotification } from '../../modules/notifications/notifications.service.js';
import { demoDeductions } from './contributions.js';
import type { SeededMember, SeededMembers } from './members.js';
import type { SeedContext } from './seed-context.js';

interface DemoNotification {
  type: NotificationType;
  priority: NotificationPriority;
  daysAgo: number;
  read: boolean;
  title: string;
  message: string;
  actionText?: string;
  actionUrl?: string;
}

/** Who asks whom to guarantee a loan in the demo's notifications. */
const GUARANTOR_ASKS: Record<string, string> = { ada: 'chidi', bayo: 'ada', chidi: 'bayo' };

const MS_PER_DAY = 86_400_000;

function monthName(month: string): string {
  return formatDisplayDate(`${month}-01`).replace(/ 01,/, '');
}

function notificationsFor(
  ctx: SeedContext,
  member: SeededMember,
  members: SeededMembers,
): DemoNotification[] {
  const deductions = demoDeductions(ctx, member, null);
  const last = deductions.at(-1);
  const previous = deductions.at(-2);
  if (!last || !previous) throw new Error(`${member.person.key} needs two months of contributions`);
  const naira = (kobo: number) => formatNaira(kobo / 100);
  const asker = members.get(GUARANTOR_ASKS[member.person.key] ?? '')?.person;
  const askerName = asker ? `${asker.firstName} ${asker.lastName}` : 'A member';
  const inDays = (days: number) =>
    formatDisplayDate(new Date(parseIsoDate(ctx.today).getTime() + days * MS_PER_DAY));
  const agmDate = formatDisplayDate(addMonthsClamped(ctx.today, -2));

  return [
    {
      type: 'contribution_confirm',
      priority: 'high',
      daysAgo: 2,
      read: false,
      title: `Confirm your ${monthName(last.month)} contribution`,
      message: `${naira(last.savingsKobo)} savings and ${naira(last.sharesKobo)} share holding were deducted from your ${monthName(last.month)} salary. Please confirm it, or dispute it if it is wrong.`,
      actionText: 'Review contributions',
      actionUrl: '/contributions',
    },
    {
      type: 'contribution_posted',
      priority: 'low',
      daysAgo: 2,
      read: false,
      title: `${monthName(last.month)} contribution received`,
      message: `${naira(last.savingsKobo + last.sharesKobo)} was credited: ${naira(last.savingsKobo)} to savings and ${naira(last.sharesKobo)} to share holding.`,
      actionText: 'View contributions',
      actionUrl: '/contributions',
    },
    {
      type: 'contribution_posted',
      priority: 'low',
      daysAgo: 33,
      read: true,
      title: `${monthName(previous.month)} contribution received`,
      message: `${naira(previous.savingsKobo + previous.sharesKobo)} was credited: ${naira(previous.savingsKobo)} to savings and ${naira(previous.sharesKobo)} to share holding.`,
      actionText: 'View contributions',
      actionUrl: '/contributions',
    },
    {
      type: 'guarantor_request',
      priority: 'medium',
      daysAgo: 1,
      read: false,
      title: `Guarantor request from ${askerName}`,
      message: `${askerName} asked you to guarantee part of a loan. If you accept, the guarantee amount is frozen from your available balance until the loan is repaid.`,
      actionText: 'View request',
      actionUrl: '/loans?tab=guarantor-requests',
    },
    {
      type: 'fine_payment',
      priority: 'urgent',
      daysAgo: 4,
      read: false,
      title: 'Settle outstanding fines',
      message: `Please pay any outstanding fine by ${inDays(10)}. Unpaid fines count against your loan eligibility.`,
      actionText: 'View fines',
      actionUrl: '/fines',
    },
    {
      type: 'loan_document',
      priority: 'medium',
      daysAgo: 15,
      read: true,
      title: 'Loan forms updated',
      message:
        'The loan application guide and the guarantor undertaking form have been updated. Download them from the cooperative office or ask the secretary.',
    },
    {
      type: 'loan_decision',
      priority: 'high',
      daysAgo: 26,
      read: true,
      title: 'Loan committee decisions',
      message:
        'The loan committee has decided every request that was under review this month. Open your loans to see where yours stands.',
      actionText: 'View loans',
      actionUrl: '/loans',
    },
    {
      type: 'withdrawal_decision',
      priority: 'medium',
      daysAgo: 40,
      read: true,
      title: 'Withdrawal requests processed',
      message:
        'All savings withdrawal requests submitted before the 20th were processed with this month’s payroll.',
      actionText: 'View withdrawals',
      actionUrl: '/withdrawals',
    },
    {
      type: 'fine_issued',
      priority: 'high',
      daysAgo: 45,
      read: true,
      title: 'Fines for missed meetings',
      message: `Members absent without apology from the general meeting of ${agmDate} are fined ${formatNaira(2_000)}. Check your fines page.`,
      actionText: 'View fines',
      actionUrl: '/fines',
    },
    {
      type: 'general',
      priority: 'low',
      daysAgo: 60,
      read: true,
      title: 'Annual general meeting',
      message: `The annual general meeting holds on ${agmDate} at the cooperative hall. The year’s dividend will be announced there.`,
    },
    {
      type: 'general',
      priority: 'low',
      daysAgo: 6,
      read: false,
      title: 'Welcome to the member portal',
      message: `Welcome, ${member.person.firstName}. You can now follow your balances, confirm contributions and request loans online.`,
      actionText: 'Go to dashboard',
      actionUrl: '/dashboard',
    },
  ];
}

/** The members who get the demo's notifications. */
export const DEMO_NOTIFIED_MEMBERS = ['ada', 'bayo', 'chidi'] as const;

export async function seedNotifications(ctx: SeedContext, members: SeededMembers): Promise<number> {
  const now = ctx.clock.now().getTime();
  let created = 0;
  for (const key of DEMO_NOTIFIED_MEMBERS) {
    const member = members.get(key);
    if (!member) throw new Error(`demo member '${key}' is missing`);
    const list = notificationsFor(ctx, member, members);
    assertCoversEveryTypeAndPriority(key, list);
    for (const n of list) {
      // A minute apart, so two of the same day still have a stable order.
      const createdAt = new Date(now - n.daysAgo * MS_PER_DAY - created * 60_000);
      await createNotification(ctx.db, {
        userId: member.id,
        type: n.type,
        priority: n.priority,
        title: n.title,
        message: n.message,
        actionText: n.actionText ?? null,
        actionUrl: n.actionUrl ?? null,
        createdAt,
        readAt: n.read ? new Date(createdAt.getTime() + 2 * 3_600_000) : null,
      });
      created += 1;
    }
  }
  return created;
}

/** The demo promises every type and every priority, read and unread: fail loudly if a list drifts. */
function assertCoversEveryTypeAndPriority(key: string, list: DemoNotification[]): void {
  const missing = [
    ...NOTIFICATION_TYPES.filter((type) => !list.some((n) => n.type === type)),
    ...NOTIFICATION_PRIORITIES.filter((priority) => !list.some((n) => n.priority === priority)),
    ...(list.some((n) => n.read) ? [] : ['read']),
    ...(list.some((n) => !n.read) ? [] : ['unread']),
  ];
  if (missing.length > 0)
    throw new Error(`demo notifications for ${key} lack: ${missing.join(', ')}`);
}
