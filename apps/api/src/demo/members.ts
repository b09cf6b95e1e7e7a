/**
 * Demo part 1: the people. Created, activated and suspended through the member and auth services,
 * exactly as the administrator and the members themselves would.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '@coop/shared/auth';
import { isOfficer } from '@coop/shared/officers';
import { addMonthsClamped, type IsoDate } from '@coop/shared/dates';
import { actorFor, systemActor, type Actor, type MemberActor } from '../lib/actor.js';
import { createMember, setMemberActive } from '../modules/members/members.service.js';
import { activateWithPasswordHash } from '../modules/auth/activation.service.js';
import { hashPassword } from '../lib/password.js';
import { emailOutbox } from '../db/schema/index.js';
import {
  DEMO_TWO_FACTOR_SECRET,
  enrolWithKnownSecret,
} from '../modules/two-factor/two-factor.service.js';
import { DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from './demo-people.js';
import type { SeedContext } from './seed-context.js';

export interface SeededMember {
  person: DemoPerson;
  user: User;
  /** The member acting in the demo's events (confirming, later borrowing). */
  actor: MemberActor;
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

/** The administrator of a seeded cooperative: the actor of every back-office event. */
export function demoAdmin(members: SeededMembers): MemberActor {
  const admin = members.get('admin');
  if (!admin) throw new Error('the demo needs its administrator');
  return admin.actor;
}

export async function seedMembers(ctx: SeedContext): Promise<SeededMembers> {
  const { deps } = ctx;
  const seeded: SeededMembers = new Map();
  // The administrator account itself comes first, created by the system; it registers the rest.
  let registrar: Actor = systemActor;

  for (const person of DEMO_PEOPLE) {
    const joinedOn = joinedOnFor(ctx.today, person.joined);
    const created = await createMember(deps, registrar, {
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      phoneNumber: person.phoneNumber ?? null,
      membershipId: person.membershipId,
      roles: person.roles,
      isLoanReviewer: person.isLoanReviewer,
      isExco: person.isExco,
      joinedOn,
    });
    let { user } = created;
    if (person.activated) {
      // The demo's published password, set by hash: a member choosing it would be refused
      // (it contains the cooperative's name), decision 081.
      await activateWithPasswordHash(deps, systemActor, {
        token: created.activationToken,
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
      // The member never needed the e-mail: its link is used, so /api/dev/outbox would show
      // a dead link (docs/demo-cooperative.md).
      await deps.db
        .delete(emailOutbox)
        .where(
          and(
            eq(emailOutbox.to, person.email),
            sql`position(${created.activationLink} in ${emailOutbox.text}) > 0`,
          ),
        );
    }
    if (isOfficer(person.roles) && person.activated) {
      await enrolWithKnownSecret(deps.db, deps, {
        userId: user.id,
        secretBase32: DEMO_TWO_FACTOR_SECRET,
        now: deps.clock.now(),
      });
    }
    if (isOfficer(person.roles) && registrar === systemActor) registrar = actorFor(user);
    if (person.suspended) {
      user = await setMemberActive(deps, registrar, { userId: user.id, isActive: false });
    }

    seeded.set(person.key, {
      person,
      user,
      actor: actorFor(user),
      joinedOn,
      activationLink: person.activated ? null : created.activationLink,
    });
  }
  return seeded;
}
