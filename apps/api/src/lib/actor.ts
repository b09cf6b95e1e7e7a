import type { OfficerRole } from '@coop/shared/officers';
import type { AuthMethod } from './access-token.js';
import { DomainError } from './domain-error.js';

/** The signed-in user, loaded from the database on every request (never trusted from the token). */
export interface SignedInUser {
  id: string;
  email: string;
  phoneNumber: string | null;
  membershipId: string;
  firstName: string;
  lastName: string;
  /** Officer roles held; empty for a member who holds no office. */
  roles: OfficerRole[];
  isActive: boolean;
  isLoanReviewer: boolean;
  isExco: boolean;
}

/**
 * Who performs a use case: the second argument of every service function (`(deps, actor, input)`).
 * Routes build it from the request; the demo seed, the command line and background jobs build it
 * with `actorFor(user)` or `systemActor`. The audit trail records its user and address.
 */
export interface Actor {
  /** null for an anonymous caller (sign-in, forgot password) and for the system itself. */
  user: SignedInUser | null;
  ip: string | null;
  userAgent: string | null;
}

/** An actor known to be signed in: what member, reviewer and admin use cases take. */
export interface MemberActor extends Actor {
  user: SignedInUser;
  /** The sign-in (refresh family) of the request's access token; absent outside requests. */
  sessionId?: string;
  /** How that sign-in was proved (access token `amr`). */
  amr?: AuthMethod[];
}

/**
 * Whether the caller's sign-in passed the second factor: the access token says `amr` pwd+otp, and
 * the refresh-token family keeps it across refreshes (`refresh_tokens.second_factor`). What a use
 * case that needs a two-factor sign-in asks (the checker of a two-person action, the back office).
 * False outside requests (the seed, the command line, jobs), which prove nothing.
 */
export const twoFactorVerified = (actor: Actor): boolean =>
  'amr' in actor && Array.isArray(actor.amr) && actor.amr.includes('otp');

/**
 * An officer whose sign-in did not pass the second factor: every back-office route refuses them
 * (ASVS V6.3.3, docs/officers.md "Two-factor"), whatever their roles allow.
 */
export const twoFactorRequired = () =>
  new DomainError({
    code: 'TWO_FACTOR_REQUIRED',
    message:
      'Officers use the back office only after a two-factor sign-in: turn it on in Settings, or sign in again with your code.',
  });

/**
 * The second signature of a two-person control (a disbursement's checker, a proposal's approver)
 * counts only from a sign-in that passed the second factor. The back-office routes already refuse
 * such a sign-in; the use case checks again, so no other caller can sign with a password alone.
 */
export function requireTwoFactor(actor: Actor): void {
  if (!twoFactorVerified(actor)) throw twoFactorRequired();
}

/** The system itself: the command line, scheduled jobs, imports without an administrator. */
export const systemActor: Actor = { user: null, ip: null, userAgent: null };

/** A user acting outside any request (the demo seed acting for a member or an administrator). */
export function actorFor(user: SignedInUser): MemberActor {
  return { user, ip: null, userAgent: null };
}

/** The audit trail's actor id. */
export const actorIdOf = (actor: Actor): string | null => actor.user?.id ?? null;
