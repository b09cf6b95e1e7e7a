/**
 * Demo part 3: the cooperative's announcements to Ada, Bayo and Chidi over the last two months,
 * sent through the notifications service (their words are the templates'), and each member
 * reading everything a month ago: what arrived since is unread. With the contribution
 * notifications the payroll sends, they cover every priority and every type the portal produces
 * so far.
 */
import { addDays, parseIsoDate } from '@coop/shared/dates';
import type { Deps } from '../deps.js';
import {
  announce,
  markAllNotificationsRead,
  type OutgoingMessage,
} from '../modules/notifications/notifications.service.js';
import { demoAdmin, type SeededMember, type SeededMembers } from './members.js';
import { agmDate, lateFormFineDueDate } from './money.js';
import type { DemoEvent, SeedContext } from './seed-context.js';

/** Who asks whom to guarantee a loan in the demo's notifications. */
const GUARANTOR_ASKS: Record<string, string> = { ada: 'chidi', bayo: 'ada', chidi: 'bayo' };

/** The members who get the demo's announcements. */
export const DEMO_NOTIFIED_MEMBERS = ['ada', 'bayo', 'chidi'] as const;

/** Each of them read everything this many days ago; later notifications are unread. */
const READ_ALL_DAYS_AGO = 30;

type Announcement = { daysAgo: number; message: Omit<OutgoingMessage, 'userId'> };

function announcementsFor(
  ctx: SeedContext,
  member: SeededMember,
  members: SeededMembers,
): Announcement[] {
  const asker = members.get(GUARANTOR_ASKS[member.person.key] ?? '')?.person;
  // Announced ten days before it sits; the fines for absence follow five days after (and exist:
  // demo/money.ts issues them the same day).
  const meeting = agmDate(ctx);
  return [
    { daysAgo: 60, message: { template: 'generalMeeting', facts: { date: meeting } } },
    {
      daysAgo: 45,
      message: { template: 'meetingAbsenceFines', facts: { meetingDate: meeting, amount: 2_000 } },
    },
    { daysAgo: 40, message: { template: 'withdrawalsProcessed' } },
    { daysAgo: 26, message: { template: 'loanCommitteeDecisions' } },
    { daysAgo: 15, message: { template: 'loanFormsUpdated' } },
    { daysAgo: 6, message: { template: 'welcome' } },
    {
      daysAgo: 4,
      message: { template: 'finesDueReminder', facts: { dueDate: lateFormFineDueDate(ctx) } },
    },
    {
      daysAgo: 1,
      message: {
        template: 'guarantorRequested',
        facts: { borrowerName: asker ? `${asker.firstName} ${asker.lastName}` : 'A member' },
      },
    },
  ] as Announcement[];
}

/** 10:00 in Lagos, `days` before the demo's day. */
const daysAgo = (ctx: SeedContext, days: number) =>
  new Date(parseIsoDate(addDays(ctx.today, -days)).getTime() - 3 * 3_600_000);

export function notificationEvents(ctx: SeedContext, members: SeededMembers): DemoEvent[] {
  const admin = demoAdmin(members);
  return DEMO_NOTIFIED_MEMBERS.flatMap((key) => {
    const member = members.get(key);
    if (!member) throw new Error(`demo member '${key}' is missing`);
    const announcements = announcementsFor(ctx, member, members).map(
      ({ daysAgo: days, message }): DemoEvent => ({
        at: daysAgo(ctx, days),
        run: (deps: Deps) =>
          announce(deps, admin, {
            messages: [{ ...message, userId: member.user.id } as OutgoingMessage],
          }),
      }),
    );
    const readEverything: DemoEvent = {
      at: daysAgo(ctx, READ_ALL_DAYS_AGO),
      run: async (deps) => {
        await markAllNotificationsRead(deps, member.actor);
      },
    };
    return [...announcements, readEverything];
  });
}
