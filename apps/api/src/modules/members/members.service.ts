import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema, normalizePhone, userRoleSchema, type User } from '@coop/shared/auth';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { isoDateSchema } from '@coop/shared/date-schemas';
import { idSchema } from '@coop/shared/http';
import { memberBalances, users, userSettings } from '../../db/schema/index.js';
import type { Executor, Tx } from '../../db/client.js';
import type { Config } from '../../config/env.js';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../lib/actor.js';
import { DomainError, notFound, validationError } from '../../lib/domain-error.js';
import { writeAudit } from '../../lib/audit-log.js';
import { issueOneTimeToken } from '../../lib/one-time-token.js';
import { revokeAllSessions } from '../sessions/sessions.service.js';
import { sendMessages } from '../notifications/notifications.service.js';

type UserRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'membershipId'
  | 'role'
  | 'isActive'
  | 'isLoanReviewer'
  | 'isExco'
>;

/** Spec §3 User: what the API says about a member (`_id` repeats `id`). Never the password hash. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    membershipId: row.membershipId,
    role: row.role,
    isActive: row.isActive,
    isLoanReviewer: row.isLoanReviewer,
    isExco: row.isExco,
  };
}

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} cannot exceed 100 characters`);

export const createMemberInputSchema = z.strictObject({
  email: emailSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  phoneNumber: z
    .string()
    .nullish()
    .transform((phone, ctx) => {
      if (phone == null || phone.trim() === '') return null;
      const normalized = normalizePhone(phone);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: 'Please enter a valid Nigerian mobile number' });
        return z.NEVER;
      }
      return normalized;
    }),
  /** When absent one is generated: 'M0001'… for members, 'A0001'… for admins. */
  membershipId: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^[A-Z][A-Z0-9-]{1,19}$/,
      'Membership ID must start with a letter and use letters, digits or hyphens (2 to 20 characters)',
    )
    .optional(),
  role: userRoleSchema.default('user'),
  isLoanReviewer: z.boolean().default(false),
  isExco: z.boolean().default(false),
  /** The day the member joined the cooperative ('yyyy-MM-dd'); today in Lagos when absent. */
  joinedOn: isoDateSchema.optional(),
});
export type CreateMemberInput = z.input<typeof createMemberInputSchema>;

export interface CreatedMember {
  user: User;
  /** The activation token in clear (7 days, single use): the seed activates demo members with it. */
  activationToken: string;
  /** `${publicUrl}/auth/activate?token=…`, also sent by e-mail. */
  activationLink: string;
}

const DUPLICATE_MESSAGES = {
  email: 'A member with this email address already exists',
  phoneNumber: 'A member with this phone number already exists',
  membershipId: 'A member with this membership ID already exists',
} as const;
type UniqueField = keyof typeof DUPLICATE_MESSAGES;

const CONSTRAINT_FIELDS: Record<string, UniqueField> = {
  users_email_key: 'email',
  users_phone_key: 'phoneNumber',
  users_membership_id_key: 'membershipId',
};

function duplicateError(field: UniqueField): DomainError {
  const message = DUPLICATE_MESSAGES[field];
  return new DomainError({ code: 'MEMBER_EXISTS', message, details: [{ field, message }] });
}

/** The unique index a failed insert ran into, from the driver error (pg and PGlite alike). */
function violatedUniqueField(err: unknown): UniqueField | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const candidate = e as Error & { code?: string; constraint?: string };
    if (candidate.code !== '23505') continue;
    if (candidate.constraint && CONSTRAINT_FIELDS[candidate.constraint]) {
      return CONSTRAINT_FIELDS[candidate.constraint];
    }
    const named = Object.keys(CONSTRAINT_FIELDS).find((name) => candidate.message.includes(name));
    return named ? CONSTRAINT_FIELDS[named] : undefined;
  }
  return undefined;
}

/** A zod failure as the API's 400: each field with its message. */
export function invalidInput(error: z.ZodError): DomainError {
  return validationError(
    error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  );
}

/**
 * The next free membership ID for a prefix: one more than the highest number in use, at least
 * four digits. A transaction-scoped advisory lock per prefix makes concurrent creations queue
 * here instead of picking the same number.
 */
async function nextMembershipId(tx: Tx, prefix: 'M' | 'A'): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coop.membership_id.${prefix}`}))`);
  const [row] = await tx
    .select({
      highest: sql<string | null>`max(substring(${users.membershipId} from 2)::bigint)`,
    })
    .from(users)
    .where(sql`${users.membershipId} ~ ${`^${prefix}[0-9]+$`}`);
  const next = Number(row?.highest ?? 0) + 1;
  return `${prefix}${String(next).padStart(4, '0')}`;
}

export function activationLinkFor(config: Config, token: string): string {
  return `${config.publicUrl}/auth/activate?token=${encodeURIComponent(token)}`;
}

/**
 * Issues a fresh activation link for a member who has not set a password yet and queues the
 * e-mail with it, inside the caller's transaction. Used by createMember and by forgot-password
 * for not-yet-activated accounts.
 */
export async function sendActivationLink(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'clock'>,
  actor: Actor,
  userId: string,
): Promise<{ activationToken: string; activationLink: string }> {
  const { token } = await issueOneTimeToken(tx, {
    userId,
    purpose: 'activation',
    now: deps.clock.now(),
  });
  const activationLink = activationLinkFor(deps.config, token);
  await sendMessages(tx, deps, actor, [
    { userId, template: 'activationLink', facts: { link: activationLink } },
  ]);
  return { activationToken: token, activationLink };
}

/**
 * Creates a member (or admin) who still has to set a password: the user, the balance row every
 * money operation locks, default settings, an activation link (7 days) with its e-mail and an
 * audit row, all in one transaction. Duplicate e-mail, phone or membership ID answer 409.
 */
export async function createMember(
  deps: Deps,
  actor: Actor,
  input: CreateMemberInput,
): Promise<CreatedMember> {
  const parsed = createMemberInputSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const data = parsed.data;
  const now = deps.clock.now();

  try {
    return await deps.db.transaction(async (tx) => {
      const clashes = await tx
        .select({
          email: users.email,
          phoneNumber: users.phoneNumber,
          membershipId: users.membershipId,
        })
        .from(users)
        .where(
          or(
            eq(users.email, data.email),
            data.phoneNumber ? eq(users.phoneNumber, data.phoneNumber) : undefined,
            data.membershipId ? eq(users.membershipId, data.membershipId) : undefined,
          ),
        );
      for (const field of ['email', 'phoneNumber', 'membershipId'] as const) {
        if (clashes.some((row) => data[field] != null && row[field] === data[field])) {
          throw duplicateError(field);
        }
      }

      const membershipId =
        data.membershipId ?? (await nextMembershipId(tx, data.role === 'admin' ? 'A' : 'M'));
      const [row] = await tx
        .insert(users)
        .values({
          email: data.email,
          phoneNumber: data.phoneNumber,
          membershipId,
          firstName: data.firstName,
          lastName: data.lastName,
          role: data.role,
          isLoanReviewer: data.isLoanReviewer,
          isExco: data.isExco,
          joinedOn: data.joinedOn ?? toIsoDateInTimeZone(now),
          tokensValidAfter: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert into users returned no row');

      await tx.insert(memberBalances).values({ userId: row.id, updatedAt: now });
      await tx.insert(userSettings).values({ userId: row.id, updatedAt: now });
      await writeAudit(tx, actor, {
        action: 'member.created',
        entityType: 'user',
        entityId: row.id,
        after: {
          email: row.email,
          phoneNumber: row.phoneNumber,
          membershipId: row.membershipId,
          role: row.role,
          isLoanReviewer: row.isLoanReviewer,
          isExco: row.isExco,
          joinedOn: row.joinedOn,
        },
      });
      const link = await sendActivationLink(tx, deps, actor, row.id);
      return { user: toUser(row), ...link };
    });
  } catch (err) {
    // Two creations racing past the check above: the unique index decides, with the same message.
    const field = violatedUniqueField(err);
    if (field) throw duplicateError(field);
    throw err;
  }
}

/**
 * Suspends (isActive = false) or reinstates a member. Suspension ends every open session at once:
 * access tokens issued before now stop working and all refresh-token families are revoked.
 * The member can still sign in and read GET /auth/me, which shows the suspended page.
 */
export async function setMemberActive(
  deps: Deps,
  actor: Actor,
  { userId, isActive }: { userId: string; isActive: boolean },
): Promise<User> {
  if (!idSchema.safeParse(userId).success) throw notFound('Member');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw notFound('Member');
    if (current.isActive === isActive) return toUser(current);

    const [updated] = await tx
      .update(users)
      .set(
        isActive
          ? { isActive, updatedAt: now }
          : { isActive, tokensValidAfter: now, updatedAt: now },
      )
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw notFound('Member');
    if (!isActive) await revokeAllSessions(tx, userId, now);
    await writeAudit(tx, actor, {
      action: isActive ? 'member.reinstated' : 'member.suspended',
      entityType: 'user',
      entityId: userId,
      before: { isActive: current.isActive },
      after: { isActive },
    });
    return toUser(updated);
  });
}
