/**
 * Demo part 1: the people. Created, activated and suspended through the member and auth services,
 * exactly as the administrator and the members themselves would.
 */
import { and, eq } from 'drizzle-orm';
import { addMonthsClamped, type IsoDate } from '@coop/shared/dates';
import { createMember, setMemberActive } from '../../modules/members/members.service.js';
import { activateAccount } from '../../modules/auth/activation.service.js';
import { emailOutbox } from '../schema/index.js';
import { DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from './demo-people.js';
import type { SeedContext } from './seed-context.js';

export interface SeededMember {
  person: DemoPerson;
  id: string;
  joinedOn: IsoDate;
  /** Kept only for members left unactivated (Emeka): the link the start-up log shows. */
  activationLink: string | null;
}

/** The demo's members by key ('admin', 'ada', 'bayo', …, 'm0006' …), in membership order. */
export type SeededMembers = Map<string, SeededMember>;

/** 'yyyy-MM-dd' of the given day in the month `monthsAgo` months before `today`. */
export function joinedOnFor(today: IsoDate, joined: DemoPerson['joined']): IsoDate {
  const month = addMonthsClamped(today, -joined.monthsAgo).slice(0, 7);
  return `${month}-${String(joined.day).padStart(2, '0')}`;
}

export async function seedMembers(ctx: SeedContext): Promise<SeededMembers> {
  const seeded: SeededMembers = new Map();
  let adminId: string | null = null;

  for (const person of DEMO_PEOPLE) {
    const joinedOn = joinedOnFor(ctx.today, person.joined);
    const { user, activationLink } = await createMember(ctx.db, ctx, {
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      phoneNumber: person.phoneNumber ?? null,
      membershipId: person.membershipId,
      role: person.role,
      isLoanReviewer: person.isLoanReviewer,
      isExco: person.isExco,
      joinedOn,
      // The administrator registers every member; the administrator account itself comes first.
      actorId: adminId,
    });
    if (person.role === 'admin') adminId ??= user.id;

    if (person.activated) {
      const token = new URL(activationLink).searchParams.get('token');
      if (!token) throw new Error(`createMember gave ${person.email} a link without a token`);
      await activateAccount(ctx.db, ctx, {
        token,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
      });
      await markActivationEmailUsed(ctx, person.email);
    }
    if (person.suspended) await setMemberActive(ctx.db, ctx, user.id, false, adminId);

    seeded.set(person.key, {
      person,
      id: user.id,
      joinedOn,
      activationLink: person.activated ? null : activationLink,
    });
  }
  return seeded;
}

/**
 * The seed has already used the activation link it just e-mailed, so the message is marked done
 * instead of being delivered: without SMTP every pending e-mail is printed at start-up, and
 * sixty-five used links would bury the one that matters (Emeka's, still pending).
 */
async function markActivationEmailUsed(ctx: SeedContext, email: string): Promise<void> {
  await ctx.db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: ctx.clock.now(),
      lastError: 'not delivered: the demo seed activated this account itself',
    })
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.status, 'pending')));
}
