import { countOf } from '@coop/shared/plurals';
import { z } from 'zod';
import { emailSchema, normalizePhone, type User } from '@coop/shared/auth';
import { isOfficer, officerRoleSchema } from '@coop/shared/officers';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { isoDateSchema } from '@coop/shared/date-schemas';
import { idSchema } from '@coop/shared/http';
import type { Executor, Tx } from '../../db/client.js';
import type { Config } from '../../config/env.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { CSV_UPLOAD_MAX_BYTES } from '@coop/shared/csv-upload-rules';
import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import {
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_COLUMNS_WITH_INSTRUCTION,
  MEMBER_IMPORT_INSTRUCTION_COLUMNS,
  membersImportedMessage,
} from '@coop/shared/member-rules';
import { payrollGroupCodeSchema, staffNumberSchema } from '@coop/shared/deductions';
import { isWholeKobo, nairaToKobo } from '@coop/shared/money';
import {
  type AdminCreateMemberInput,
  adminCreateMemberSchema,
  type AdminMember,
  type AdminMemberFlagsInput,
  type AdminMemberListQuery,
  type AdminUpdateMemberInput,
  adminUpdateMemberSchema,
  type MemberImportPreview,
  type MemberImportResult,
  type MemberImportRow,
} from '@coop/shared/members';
import type { IdParams } from '@coop/shared/http';
import { chunks, yieldToOtherRequests } from '../../lib/chunks.js';
import { CSV_UPLOAD_REFUSALS, readCsvUpload } from '../../lib/csv.js';
import type { ListPage } from '../../lib/list-query.js';
import {
  deductibleMembersSql,
  memberRefsSql,
  membersRepository,
  type MemberRow,
} from './members.repository.js';
import { DomainError, invalidInput, notFound } from '../../lib/domain-error.js';
import { toUser } from '../../lib/user-view.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import type { OfficerJobWork } from '../../lib/officer-jobs.js';
import { writeAudit } from '../../lib/audit-log.js';
import { issueOneTimeToken } from '../../lib/one-time-token.js';
import { revokeAllSessions } from '../sessions/sessions.service.js';
import { sendMessages } from '../notifications/notifications.service.js';
import { openMemberBalance } from '../ledger/ledger.service.js';
import { propose, same, type ProposalRow, type Values } from '../proposals/propose.service.js';
import type { Kobo } from '@coop/shared/money';
import { PROPOSAL_MESSAGES, type OfficerRolesInput } from '@coop/shared/proposals';

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
  roles: z.array(officerRoleSchema).default([]),
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

/**
 * The next free membership ID for a prefix: one more than the highest number in use, at least
 * four digits. A transaction-scoped advisory lock per prefix makes concurrent creations queue
 * here instead of picking the same number.
 */
async function nextMembershipId(tx: Tx, prefix: 'M' | 'A'): Promise<string> {
  await advisoryLock(tx, `coop.membership_id.${prefix}`);
  const next = (await membersRepository(tx).highestMembershipNumber(prefix)) + 1;
  return `${prefix}${String(next).padStart(4, '0')}`;
}

export type { MemberRow } from './members.repository.js';

/** The account a sign-in names (e-mail, phone number or membership ID), as stored. */
export function accountByIdentifier(
  db: Executor,
  kind: 'email' | 'phone' | 'membershipId',
  value: string,
): Promise<MemberRow | undefined> {
  return membersRepository(db).byIdentifier(kind, value);
}

/** The account, locked for recording a sign-in's outcome (FOR NO KEY UPDATE). */
export function lockAccountForSignIn(tx: Executor, userId: string): Promise<MemberRow | undefined> {
  return membersRepository(tx).lockForSignIn(userId);
}

/** The details of an account a new password may not contain (null: no such account). */
export async function passwordOwnerOf(db: Executor, userId: string) {
  return (await membersRepository(db).passwordOwner(userId)) ?? null;
}

/**
 * Sets an account's new password (its row locked by the caller): every access token issued
 * before `now` stops working; an account never activated is activated by it.
 */
export function setPassword(
  tx: Executor,
  userId: string,
  values: { passwordHash: string; activatedAt?: Date; now: Date },
): Promise<void> {
  const { now, ...rest } = values;
  return membersRepository(tx).setPassword(userId, {
    ...rest,
    tokensValidAfter: now,
    updatedAt: now,
  });
}

/** Whether an e-mail address already belongs to an account. */
export function emailInUse(db: Executor, email: string): Promise<boolean> {
  return membersRepository(db).emailInUse(email);
}

/** One account's row as stored (password hash included): for the credential checks. */
export function accountRow(db: Executor, userId: string): Promise<MemberRow | undefined> {
  return membersRepository(db).find(userId);
}

/** The same, its row locked for the rest of the transaction (a sign-in's outcome recorded). */
export function lockAccountRow(tx: Executor, userId: string): Promise<MemberRow | undefined> {
  return membersRepository(tx).lock(userId);
}

/** Who an activation link belongs to, with their password hash (null until activated). */
export function activationProfile(db: Executor, userId: string) {
  return membersRepository(db).activationProfile(userId);
}

/**
 * Sets a not-yet-activated account's first password, under its row lock; the account, or null
 * when it has none or already has a password (the link was used meanwhile).
 */
export async function setFirstPassword(
  tx: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<MemberRow | null> {
  const repo = membersRepository(tx);
  const current = await repo.lockPasswordHash(userId);
  if (!current || current.passwordHash) return null;
  return (await repo.activate(userId, passwordHash, now)) ?? null;
}

/** The members with these membership IDs (payroll files name members so), by membership ID. */
export function membersByMembershipId(db: Executor, membershipIds: readonly string[]) {
  return membersRepository(db).byMembershipIds(membershipIds);
}

/**
 * For the payroll schedule's one statement: the members payroll may deduct by `joinedBy` (columns
 * user_id, membership_id, first_name, last_name), a subquery payroll runs inside its own.
 */
export function deductibleMembers(joinedBy: string) {
  return deductibleMembersSql(joinedBy);
}

/**
 * Every member's membership ID and name (columns user_id, membership_id, first_name, last_name),
 * a subquery another module joins to name whom its rows are about.
 */
export function memberRefs() {
  return memberRefsSql();
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
      const repo = membersRepository(tx);
      const clashes = await repo.clashes({
        emails: [data.email],
        phones: data.phoneNumber ? [data.phoneNumber] : [],
        membershipIds: data.membershipId ? [data.membershipId] : [],
      });
      for (const field of ['email', 'phoneNumber', 'membershipId'] as const) {
        if (clashes.some((row) => data[field] != null && row[field] === data[field])) {
          throw duplicateError(field);
        }
      }

      const membershipId =
        data.membershipId ?? (await nextMembershipId(tx, isOfficer(data.roles) ? 'A' : 'M'));
      const row = await repo.insert(
        {
          email: data.email,
          phoneNumber: data.phoneNumber,
          membershipId,
          firstName: data.firstName,
          lastName: data.lastName,
          roles: data.roles,
          isLoanReviewer: data.isLoanReviewer,
          isExco: data.isExco,
          joinedOn: data.joinedOn ?? toIsoDateInTimeZone(now),
          tokensValidAfter: now,
          createdAt: now,
          updatedAt: now,
        },
        now,
      );
      await openMemberBalance(tx, row.id, now);
      await writeAudit(tx, actor, {
        action: 'member.created',
        entityType: 'user',
        entityId: row.id,
        after: {
          email: row.email,
          phoneNumber: row.phoneNumber,
          membershipId: row.membershipId,
          roles: row.roles,
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
    const repo = membersRepository(tx);
    const current = await repo.lock(userId);
    if (!current) throw notFound('Member');
    if (current.isActive === isActive) return toUser(current);

    const updated = await repo.update(
      userId,
      isActive ? { isActive, updatedAt: now } : { isActive, tokensValidAfter: now, updatedAt: now },
    );
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

/* ---------------------------------------------------------------- back office (docs/decisions/070-back-office.md) */

/** What a back-office change did: made at once, or proposed for a second officer to approve. */
export interface MemberChange {
  member: AdminMember;
  proposed: boolean;
}

/**
 * A member as the back office lists them (docs/member-portal.md §3 User, plus joining and
 * activation).
 */
export function toAdminMember(row: MemberRow): AdminMember {
  return {
    ...toUser(row),
    joinedOn: row.joinedOn,
    isActivated: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /admin/users (docs/member-portal.md §7): every account, 50 a page by first name; search and
 * filters.
 */
export async function listMembers(
  deps: Deps,
  _actor: MemberActor,
  query: AdminMemberListQuery,
): Promise<ListPage<AdminMember>> {
  const page = await membersRepository(deps.db).page(query);
  return { items: page.items.map(toAdminMember), pagination: page.pagination };
}

export async function getMember(deps: Deps, _actor: MemberActor, { id }: IdParams) {
  const row = await membersRepository(deps.db).find(id);
  if (!row) throw notFound('Member');
  return toAdminMember(row);
}

/** POST /admin/users: one member, with the activation e-mail queued in the same transaction. */
export async function createMemberByAdmin(
  deps: Deps,
  actor: MemberActor,
  input: AdminCreateMemberInput,
): Promise<AdminMember> {
  const result = adminCreateMemberSchema.safeParse(input);
  if (!result.success) throw invalidInput(result.error);
  const parsed = result.data;
  const created = await createMember(deps, actor, {
    ...parsed,
    roles: [],
    ...(parsed.membershipId ? { membershipId: parsed.membershipId } : {}),
    ...(parsed.joinedOn ? { joinedOn: parsed.joinedOn } : {}),
  });
  const row = await membersRepository(deps.db).find(created.user.id);
  if (!row) throw notFound('Member');
  return toAdminMember(row);
}

function clashErrors(
  clashes: ReadonlyArray<{ email: string; phoneNumber: string | null; membershipId: string }>,
  values: { email?: string | undefined; phoneNumber?: string | null | undefined },
) {
  for (const field of ['email', 'phoneNumber'] as const) {
    const value = values[field];
    if (value != null && clashes.some((row) => row[field] === value)) throw duplicateError(field);
  }
}

/**
 * PUT /admin/users/{id}: names, e-mail and phone (docs/business-rules.md: a member changes only
 * their phone; the rest goes through the administrator). A duplicate e-mail or phone answers 409.
 */
export async function updateMember(
  deps: Deps,
  actor: MemberActor,
  { id, ...input }: IdParams & AdminUpdateMemberInput,
): Promise<MemberChange> {
  const result = adminUpdateMemberSchema.safeParse(input);
  if (!result.success) throw invalidInput(result.error);
  const changes = result.data;
  try {
    return await deps.db.transaction(async (tx) => {
      const repo = membersRepository(tx);
      const current = await repo.lock(id);
      if (!current) throw notFound('Member');
      clashErrors(
        await repo.clashes(
          {
            emails: changes.email ? [changes.email] : [],
            phones: changes.phoneNumber ? [changes.phoneNumber] : [],
            membershipIds: [],
          },
          id,
        ),
        changes,
      );
      const fields = (['firstName', 'lastName', 'email', 'phoneNumber'] as const).filter(
        (field) => changes[field] !== undefined && changes[field] !== current[field],
      );
      if (fields.length === 0) return { member: toAdminMember(current), proposed: false };
      const values = Object.fromEntries(fields.map((field) => [field, changes[field]]));
      // An officer's e-mail or phone signs them in and receives their resets: another officer
      // must approve the change (docs/administrators.md "Approvals").
      if (
        isOfficer(current.roles) &&
        (values.email !== undefined || values.phoneNumber !== undefined)
      ) {
        await propose(tx, deps, actor, {
          kind: 'officer.details',
          targetUserId: id,
          before: Object.fromEntries(fields.map((field) => [field, current[field]])),
          after: values,
        });
        return { member: toAdminMember(current), proposed: true };
      }
      const updated = await repo.update(id, { ...values, updatedAt: deps.clock.now() });
      await writeAudit(tx, actor, {
        action: 'member.updated',
        entityType: 'user',
        entityId: id,
        before: Object.fromEntries(fields.map((field) => [field, current[field]])),
        after: values,
      });
      return { member: toAdminMember(updated), proposed: false };
    });
  } catch (err) {
    const field = violatedUniqueField(err);
    if (field) throw duplicateError(field);
    throw err;
  }
}

/** PUT /admin/users/{id}/flags: the loan reviewer and exco flags. */
export async function setMemberFlags(
  deps: Deps,
  actor: MemberActor,
  { id, ...input }: IdParams & AdminMemberFlagsInput,
): Promise<MemberChange> {
  // A reviewer certifies loans: an officer flagging themself could certify what they disburse.
  if (id === actor.user.id) {
    throw new DomainError({
      code: 'CANNOT_CHANGE_OWN_FLAGS',
      message: 'You cannot change your own reviewer or exco flags: another officer must',
    });
  }
  return deps.db.transaction(async (tx) => {
    const repo = membersRepository(tx);
    const current = await repo.lock(id);
    if (!current) throw notFound('Member');
    const fields = (['isLoanReviewer', 'isExco'] as const).filter(
      (field) => input[field] !== undefined && input[field] !== current[field],
    );
    if (fields.length === 0) return { member: toAdminMember(current), proposed: false };
    const values = Object.fromEntries(fields.map((field) => [field, input[field]]));
    const before = Object.fromEntries(fields.map((field) => [field, current[field]]));
    if (isOfficer(current.roles)) {
      await propose(tx, deps, actor, {
        kind: 'officer.flags',
        targetUserId: id,
        before,
        after: values,
      });
      return { member: toAdminMember(current), proposed: true };
    }
    const updated = await repo.update(id, { ...values, updatedAt: deps.clock.now() });
    await writeAudit(tx, actor, {
      action: 'member.flags_changed',
      entityType: 'user',
      entityId: id,
      before,
      after: values,
    });
    return { member: toAdminMember(updated), proposed: false };
  });
}

/** POST /admin/users/{id}/resend-activation: a fresh link (the older ones stop working). */
export async function resendActivation(
  deps: Deps,
  actor: MemberActor,
  { id }: IdParams,
): Promise<AdminMember> {
  return deps.db.transaction(async (tx) => {
    const current = await membersRepository(tx).lock(id);
    if (!current) throw notFound('Member');
    if (current.passwordHash !== null) {
      throw new DomainError({
        code: 'MEMBER_ALREADY_ACTIVATED',
        message: 'This member has already activated their account',
      });
    }
    await sendActivationLink(tx, deps, actor, id);
    await writeAudit(tx, actor, {
      action: 'member.activation_resent',
      entityType: 'user',
      entityId: id,
    });
    return toAdminMember(current);
  });
}

/**
 * POST /admin/users/{id}/suspend and /reactivate. An administrator cannot suspend their own
 * account (the cooperative would risk having no administrator left).
 */
export async function setMemberStatus(
  deps: Deps,
  actor: MemberActor,
  { id, isActive }: IdParams & { isActive: boolean },
): Promise<MemberChange> {
  if (!isActive && id === actor.user.id) {
    throw new DomainError({
      code: 'CANNOT_SUSPEND_SELF',
      message: 'You cannot suspend your own account',
    });
  }
  // Suspending or reactivating an officer is a two-person change.
  const proposed = await deps.db.transaction(async (tx) => {
    const current = await membersRepository(tx).lock(id);
    if (!current) throw notFound('Member');
    if (!isOfficer(current.roles) || current.isActive === isActive) return false;
    await propose(tx, deps, actor, {
      kind: 'officer.status',
      targetUserId: id,
      before: { isActive: current.isActive },
      after: { isActive },
    });
    return true;
  });
  if (!proposed) await setMemberActive(deps, actor, { userId: id, isActive });
  const row = await membersRepository(deps.db).find(id);
  if (!row) throw notFound('Member');
  return { member: toAdminMember(row), proposed };
}

/**
 * PUT /admin/users/{id}/roles: always a proposal, approved by another officer holding
 * `officers.manage`; nobody proposes their own roles.
 */
export async function proposeRoles(
  deps: Deps,
  actor: MemberActor,
  { id, roles }: IdParams & OfficerRolesInput,
): Promise<MemberChange> {
  if (id === actor.user.id) {
    throw new DomainError({ code: 'CANNOT_CHANGE_OWN_ROLES', message: PROPOSAL_MESSAGES.ownRoles });
  }
  return deps.db.transaction(async (tx) => {
    const current = await membersRepository(tx).lock(id);
    if (!current) throw notFound('Member');
    const next = [...new Set(roles)];
    if (
      next.length === current.roles.length &&
      next.every((role) => current.roles.includes(role))
    ) {
      return { member: toAdminMember(current), proposed: false };
    }
    await propose(tx, deps, actor, {
      kind: 'officer.roles',
      targetUserId: id,
      before: { roles: current.roles },
      after: { roles: next },
    });
    return { member: toAdminMember(current), proposed: true };
  });
}

/** Who these accounts are (id, names, membership ID), as the back office's lists name members. */
export function memberRefsById(db: Executor, ids: readonly string[]) {
  return membersRepository(db).refs([...new Set(ids)]);
}

/** Names and membership IDs of these accounts, for the Approvals queue. */
export function memberNames(db: Executor, ids: string[]) {
  return membersRepository(db).names([...new Set(ids)]);
}

/**
 * Applies an approved two-person change to an officer's record (docs/administrators.md
 * "Approvals"), in the approver's transaction. Refused (409, nothing written) if the record no
 * longer reads as it did when proposed, or if someone else took the e-mail or number meanwhile.
 * The audit row names both proposer and approver.
 */
export async function applyOfficerProposal(
  tx: Tx,
  deps: Pick<Deps, 'clock'>,
  actor: MemberActor,
  row: ProposalRow,
  stale: () => Error,
): Promise<void> {
  const userId = row.targetUserId;
  if (!userId || row.kind === 'policy.controls' || row.kind === 'officer.two_factor_reset') {
    throw stale();
  }
  const repository = membersRepository(tx);
  const current = await repository.lock(userId);
  if (!current) throw stale();
  const before = row.before as Values;
  const after = row.after as Values;
  const record = current as unknown as Values;
  for (const field of Object.keys(after)) {
    if (!same(record[field], before[field])) throw stale();
  }
  if (row.kind === 'officer.details') {
    const email = typeof after.email === 'string' ? after.email : null;
    const phone = typeof after.phoneNumber === 'string' ? after.phoneNumber : null;
    const clashes = await repository.clashes(
      { emails: email ? [email] : [], phones: phone ? [phone] : [], membershipIds: [] },
      userId,
    );
    if (clashes.length > 0) throw stale();
  }
  const now = deps.clock.now();
  // A new e-mail, a suspension or new roles end every sign-in: the person signs in again under
  // what was approved.
  const signInsEnd =
    row.kind === 'officer.details' || row.kind === 'officer.roles' || after.isActive === false;
  await repository.update(userId, {
    ...(after as Partial<MemberRow>),
    ...(signInsEnd ? { tokensValidAfter: now } : {}),
    updatedAt: now,
  });
  if (signInsEnd) await revokeAllSessions(tx, userId, now);
  const action = {
    'officer.details': 'member.updated',
    'officer.status': after.isActive ? 'member.reinstated' : 'member.suspended',
    'officer.roles': 'member.roles_changed',
    'officer.flags': 'member.flags_changed',
  } as const;
  await writeAudit(tx, actor, {
    action: action[row.kind],
    entityType: 'user',
    entityId: userId,
    before,
    after: { ...after, proposalId: row.id, proposedBy: row.proposedBy, approvedBy: actor.user.id },
  });
}

/**
 * POST /admin/users/{id}/sessions/end (ASVS V7.4.5, decision 082): every sign-in of the member
 * ends at once. The refresh families are revoked by the sessions module, and every access token
 * names its family (`sid`), so the member's next request answers 401. The password stays as it
 * is; the member is e-mailed. An administrator may end their own sessions too (they sign in again).
 */
export async function endMemberSessions(
  deps: Deps,
  actor: MemberActor,
  { id }: IdParams,
): Promise<{ ended: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await membersRepository(tx).lock(id);
    if (!current) throw notFound('Member');
    const ended = await revokeAllSessions(tx, id, now);
    await writeAudit(tx, actor, {
      action: 'member.sessions_ended',
      entityType: 'user',
      entityId: id,
      after: { ended },
    });
    if (current.passwordHash !== null) {
      await sendMessages(tx, deps, actor, [
        { userId: id, template: 'sessionsEnded', facts: { at: now } },
      ]);
    }
    return { ended };
  });
}

/* --------------------------------------------------------------- members import (CSV) */

/** One imported member's deduction instruction (the file's optional columns), in kobo. */
export interface ImportedInstruction {
  userId: string;
  payrollGroupId: string;
  staffNumber: string;
  savingsKobo: Kobo;
  sharesKobo: Kobo;
}

/**
 * The payroll module's part of a members import: which payroll groups the file's codes name,
 * and writing the instructions of the members created. Given by the composition roots (app.ts,
 * jobs.ts) because the payroll module depends on this one, never the other way round. Until
 * given, no group exists, so a file naming one is refused row by row.
 */
export interface MemberImportInstructions {
  groupsByCode(db: Executor, codes: readonly string[]): Promise<Map<string, { id: string }>>;
  write(
    tx: Executor,
    deps: Pick<Deps, 'clock'>,
    actor: Actor,
    rows: readonly ImportedInstruction[],
  ): Promise<void>;
}
let importInstructions: MemberImportInstructions | null = null;

/** Plugs the payroll module into the members import (app.ts and jobs.ts call it). */
export function useMemberImportInstructions(port: MemberImportInstructions): void {
  importInstructions = port;
}

interface ImportCandidate {
  line: number;
  input: AdminCreateMemberInput;
  row: MemberImportRow;
  /** The deduction instruction of the optional columns (its group resolved after reading). */
  instruction: (Omit<ImportedInstruction, 'userId' | 'payrollGroupId'> & { code: string }) | null;
}

type ImportColumn = (typeof MEMBER_IMPORT_COLUMNS_WITH_INSTRUCTION)[number];

/**
 * Whether a members file carries the instruction columns: its header ends with them. A file
 * without them (the columns before payroll deductions existed) still imports, with no
 * instructions.
 */
function hasInstructionColumns(base64: string): boolean {
  const head = Buffer.from(base64.slice(0, 4096), 'base64').toString('utf8');
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  return firstLine.split(',').at(-1)?.trim() === MEMBER_IMPORT_INSTRUCTION_COLUMNS.at(-1);
}

/** A naira amount of the file ('25000', '25,000.50'), or an error message. */
function readNaira(label: string, text: string): number | string {
  const cleaned = text.replace(/[₦,\s]/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(cleaned)) {
    return `${label} must be an amount in naira, like 25000`;
  }
  const value = Number(cleaned);
  return isWholeKobo(value) ? value : `${label} must be an amount in naira, like 25000`;
}

/** The optional instruction columns of one row: none, all four, or the errors. */
function checkImportInstruction(
  values: Partial<Record<ImportColumn, string>>,
  rowErrors: string[],
): ImportCandidate['instruction'] {
  const cells = MEMBER_IMPORT_INSTRUCTION_COLUMNS.map((column) => values[column] ?? '');
  if (cells.every((cell) => cell === '')) return null;
  if (cells.some((cell) => cell === '')) {
    rowErrors.push(
      'Give all four of payrollGroup, staffNumber, savings and shares, or leave all four blank',
    );
    return null;
  }
  const code = payrollGroupCodeSchema.safeParse(values.payrollGroup);
  const staff = staffNumberSchema.safeParse(values.staffNumber);
  const savings = readNaira('savings', values.savings ?? '');
  const shares = readNaira('shares', values.shares ?? '');
  if (!code.success) rowErrors.push(code.error.issues[0]?.message ?? 'Invalid payroll group');
  if (!staff.success) rowErrors.push(staff.error.issues[0]?.message ?? 'Invalid staff number');
  if (typeof savings === 'string') rowErrors.push(savings);
  if (typeof shares === 'string') rowErrors.push(shares);
  if (
    !code.success ||
    !staff.success ||
    typeof savings === 'string' ||
    typeof shares === 'string'
  ) {
    return null;
  }
  return {
    code: code.data,
    staffNumber: staff.data,
    savingsKobo: nairaToKobo(savings),
    sharesKobo: nairaToKobo(shares),
  };
}

/** One row of a members file, checked on its own (duplicates are checked across rows after). */
function checkImportRow(
  line: number,
  values: Record<(typeof MEMBER_IMPORT_COLUMNS)[number], string> &
    Partial<Record<ImportColumn, string>>,
  errors: string[],
): ImportCandidate {
  const input: AdminCreateMemberInput = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phoneNumber: values.phoneNumber,
    membershipId: values.membershipId,
    joinedOn: values.joinedOn,
  };
  const parsed = adminCreateMemberSchema.safeParse(input);
  const rowErrors = [...errors];
  if (!parsed.success) rowErrors.push(...parsed.error.issues.map((issue) => issue.message));
  const data = parsed.success ? parsed.data : undefined;
  const instruction = checkImportInstruction(values, rowErrors);
  return {
    line,
    input,
    instruction,
    row: {
      line,
      firstName: values.firstName,
      lastName: values.lastName,
      email: data?.email ?? values.email,
      phoneNumber: data ? data.phoneNumber : values.phoneNumber || null,
      membershipId: data ? (data.membershipId ?? null) : values.membershipId || null,
      joinedOn: data ? (data.joinedOn ?? null) : values.joinedOn || null,
      instruction: instruction
        ? {
            payrollGroup: instruction.code,
            staffNumber: instruction.staffNumber,
            savings: instruction.savingsKobo / 100,
            shares: instruction.sharesKobo / 100,
          }
        : null,
      errors: rowErrors,
    },
  };
}

/** Reads and checks every row of a members file against itself and the members already there. */
async function readMemberImport(
  db: Executor,
  upload: CsvUploadInput,
  { againstRegistered = true }: { againstRegistered?: boolean } = {},
): Promise<{
  preview: MemberImportPreview;
  candidates: ImportCandidate[];
  groups: Map<string, { id: string }>;
}> {
  const table = await readCsvUpload<ImportColumn>(
    upload.content,
    hasInstructionColumns(upload.content)
      ? MEMBER_IMPORT_COLUMNS_WITH_INSTRUCTION
      : MEMBER_IMPORT_COLUMNS,
    CSV_UPLOAD_MAX_BYTES,
  );
  if (!table.ok) {
    return {
      preview: {
        fileName: upload.fileName,
        rows: [],
        errors: table.problems,
        validRows: 0,
        invalidRows: 0,
      },
      candidates: [],
      groups: new Map(),
    };
  }
  // Checked a thousand rows at a time, letting other requests run in between: a 10 MB file
  // holds over a hundred thousand rows, and checking them in one go held the instance for
  // seconds (decision 084).
  const candidates: ImportCandidate[] = [];
  for (const slice of chunks(table.rows)) {
    for (const { line, values, errors } of slice)
      candidates.push(checkImportRow(line, values, errors));
    await yieldToOtherRequests();
  }

  // Duplicates inside the file, then against the members already registered.
  const fields = [
    ['email', 'e-mail'],
    ['phoneNumber', 'phone number'],
    ['membershipId', 'membership ID'],
  ] as const;
  for (const [field, label] of fields) {
    const firstLine = new Map<string, number>();
    for (const { row } of candidates) {
      const value = row[field];
      if (!value || row.errors.length > 0) continue;
      const earlier = firstLine.get(value);
      if (earlier === undefined) firstLine.set(value, row.line);
      else row.errors.push(`Duplicate ${label} ${value}: also on line ${earlier}`);
    }
  }
  const clean = candidates.filter(({ row }) => row.errors.length === 0).map(({ row }) => row);
  // Asked a thousand rows at a time: one statement for the whole file overflowed the stack.
  const taken = {
    email: new Set<string>(),
    phoneNumber: new Set<string>(),
    membershipId: new Set<string>(),
  };
  for (const slice of againstRegistered ? chunks(clean) : []) {
    const existing = await membersRepository(db).clashes({
      emails: slice.map((row) => row.email),
      phones: slice.flatMap((row) => (row.phoneNumber ? [row.phoneNumber] : [])),
      membershipIds: slice.flatMap((row) => (row.membershipId ? [row.membershipId] : [])),
    });
    for (const member of existing) {
      for (const [field] of fields) {
        const value = member[field];
        if (value) taken[field].add(value);
      }
    }
  }
  for (const row of clean) {
    for (const [field, label] of fields) {
      const value = row[field];
      if (value && taken[field].has(value)) {
        row.errors.push(`A member with the ${label} ${value} already exists`);
      }
    }
  }
  // The payroll groups the rows name must exist: the officer adds a group before importing.
  const codes = [
    ...new Set(candidates.flatMap(({ instruction }) => (instruction ? [instruction.code] : []))),
  ];
  const groups =
    codes.length > 0 && importInstructions
      ? await importInstructions.groupsByCode(db, codes)
      : new Map<string, { id: string }>();
  for (const { instruction, row } of candidates) {
    if (instruction && !groups.has(instruction.code)) {
      row.errors.push(`There is no payroll group ${instruction.code}: add it on the Payroll page`);
    }
  }
  const invalidRows = candidates.filter(({ row }) => row.errors.length > 0).length;
  return {
    groups,
    preview: {
      fileName: upload.fileName,
      rows: candidates.map(({ row }) => row),
      errors: table.problems,
      validRows: candidates.length - invalidRows,
      invalidRows,
    },
    candidates,
  };
}

/** POST /admin/users/import/preview: every row checked; nothing is written. */
export async function previewMemberImport(
  deps: Deps,
  _actor: MemberActor,
  upload: CsvUploadInput,
): Promise<MemberImportPreview> {
  return (await readMemberImport(deps.db, upload)).preview;
}

/** A members file refused whole: the row-by-row report, as the preview shows it. */
function importRefusal(
  preview: MemberImportPreview,
  candidates: ImportCandidate[],
): DomainError | null {
  const report = [
    ...preview.errors,
    ...preview.rows.flatMap((row) => row.errors.map((message) => ({ line: row.line, message }))),
  ];
  if (report.length === 0 && candidates.length > 0) return null;
  return new DomainError({
    code: report.some((problem) => problem.message === CSV_UPLOAD_REFUSALS.tooLarge)
      ? 'PAYLOAD_TOO_LARGE'
      : 'CSV_REJECTED',
    message:
      report.length > 0
        ? `The file was not imported: ${report.length} problem${report.length === 1 ? '' : 's'} to fix`
        : 'The file has no rows',
    details: report.sort((a, b) => a.line - b.line),
  });
}

/**
 * POST /admin/users/import, before its job is queued: the same checks as the preview, writing
 * nothing. A file with any problem is refused here with the row-by-row report. Returns how many
 * members the job will create.
 */
export async function checkMemberImport(
  deps: Deps,
  _actor: MemberActor,
  upload: CsvUploadInput,
): Promise<number> {
  const { preview, candidates } = await readMemberImport(deps.db, upload);
  const refused = importRefusal(preview, candidates);
  if (refused) throw refused;
  return candidates.length;
}

/** Members created per batch of an import job: each batch commits with the job's progress. */
export const MEMBER_IMPORT_BATCH = 100;

/** What an import job keeps between batches: the members created so far. */
interface ImportPlan {
  members: AdminMember[];
}

/**
 * One batch of a members import job (decision 101), inside the job's transaction `deps.db`: the
 * first batch checks the whole file again, as the preview does (a member registered since the
 * request is refused the same way); each batch creates the next `MEMBER_IMPORT_BATCH` members
 * after `done`, which commits with them, so a run cut short resumes after the last batch that
 * committed and creates nobody twice. `memory` keeps the parsed file for the run's next batches.
 */
export async function importMembersBatch(
  deps: Deps,
  actor: MemberActor,
  job: { input: CsvUploadInput; plan: ImportPlan | null; done: number },
  memory: { candidates?: ImportCandidate[]; groups?: Map<string, { id: string }> },
): Promise<{ done: number; total: number; plan: ImportPlan; finished?: MemberImportResult }> {
  // One import at a time, so two uploads of one file cannot both pass the duplicate check.
  await advisoryLock(deps.db, 'coop.members.import');
  if (!memory.candidates) {
    const { preview, candidates, groups } = await readMemberImport(deps.db, job.input, {
      // Resuming: the members already created are in the register now, and must not count as
      // clashes; a clash among the rest is refused by creating the member.
      againstRegistered: job.done === 0,
    });
    const refused = importRefusal(preview, candidates);
    if (refused) throw refused;
    memory.candidates = candidates;
    memory.groups = groups;
  }
  const batch = memory.candidates.slice(job.done, job.done + MEMBER_IMPORT_BATCH);
  const members = [...(job.plan?.members ?? [])];
  const instructions: ImportedInstruction[] = [];
  for (const candidate of batch) {
    const member = await createMemberByAdmin(deps, actor, candidate.input);
    members.push(member);
    const group = candidate.instruction && memory.groups?.get(candidate.instruction.code);
    if (candidate.instruction && group) {
      const { code: _code, ...amounts } = candidate.instruction;
      instructions.push({ userId: member.id, payrollGroupId: group.id, ...amounts });
    }
  }
  // The batch's instructions commit with its members.
  if (instructions.length > 0) await importInstructions?.write(deps.db, deps, actor, instructions);
  const done = job.done + batch.length;
  const total = memory.candidates.length;
  if (done < total) return { done, total, plan: { members } };
  await writeAudit(deps.db, actor, {
    action: 'members.imported',
    entityType: 'import',
    entityId: job.input.fileName,
    after: { fileName: job.input.fileName, members: members.length },
  });
  return { done, total, plan: { members }, finished: { imported: members.length, members } };
}

/** Members imports as officer jobs (lib/officer-jobs.ts, decision 101). */
export const memberImportJobWork: OfficerJobWork = {
  batch: (deps, actor, job, memory) =>
    importMembersBatch(
      deps,
      actor,
      { input: job.input as CsvUploadInput, plan: job.plan as ImportPlan | null, done: job.done },
      memory,
    ),
  message: (result: MemberImportResult) => membersImportedMessage(result.imported),
  partly: (done, total) =>
    `${done.toLocaleString('en-NG')} of ${countOf(total, 'member')} were imported before the import stopped; they stay registered.`,
};
