/**
 * Payroll groups, members' deduction instructions and their change requests
 * (docs/decisions/150-payroll-cycle.md; docs/business-rules.md "Payroll deductions";
 * docs/administrators.md "Deduction instructions and change requests").
 *
 * An instruction is never edited: every change (an officer's, the members import's, an approved
 * request) adds a row effective from a month, and the instruction for month M is the row with the
 * latest effective month on or before M. Each member's changes queue on a transaction-scoped
 * advisory lock, so two requests or an approval and a cancellation cannot both pass their checks.
 */
import type { IsoMonth } from '@coop/shared/dates';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import {
  DEDUCTION_MESSAGES,
  firstChangeableMonth,
  savingsBelowMinimum,
  sharesBelowMinimum,
  withinAutoApproval,
  type AdminChangeRequest,
  type AdminInstructionDetail,
  type ChangeRequest,
  type ChangeRequestInput,
  type CreatePayrollGroupInput,
  type DeductionInstruction,
  type MyDeductions,
  type PayrollGroup,
  type RenamePayrollGroupInput,
  type SetInstructionInput,
  changeRequestInputSchema,
  createPayrollGroupSchema,
  renamePayrollGroupSchema,
  setInstructionSchema,
} from '@coop/shared/deductions';
import type { IdParams } from '@coop/shared/http';
import { koboToNaira, nairaToKobo, type Kobo } from '@coop/shared/money';
import type { PayrollPolicy } from '@coop/shared/policy';
import type { Executor, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { actorIdOf, type Actor, type MemberActor } from '../../lib/actor.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, invalidInput, notFound, validationError } from '../../lib/domain-error.js';
import { sendMessages } from '../notifications/notifications.service.js';
import { currentPolicy } from '../policy/policy.service.js';
import {
  memberNames,
  memberRefsById,
  type ImportedInstruction,
  type MemberImportInstructions,
} from '../members/members.service.js';
import {
  deductionsRepository,
  instructionsInEffect,
  type ChangeRequestRow,
  type InstructionWithGroup,
  type PayrollGroupRow,
} from './deductions.repository.js';

export {
  instructionsInEffect,
  type ChangeRequestRow,
  type InstructionWithGroup,
} from './deductions.repository.js';
export { toChangeRequest };

/** The payroll month a date falls in, in the cooperative's time zone. */
export function monthOf(now: Date): IsoMonth {
  return toIsoDateInTimeZone(now).slice(0, 7);
}

/** How many requests the member's page shows: the open one and the latest decided. */
const RECENT_REQUESTS = 5;

/* ------------------------------------------------------------------ views */

export function toInstruction(row: InstructionWithGroup): DeductionInstruction {
  return {
    id: row.id,
    payrollGroup: { id: row.payrollGroupId, code: row.groupCode, name: row.groupName },
    staffNumber: row.staffNumber,
    savingsAmount: koboToNaira(row.savingsAmount),
    shareAmount: koboToNaira(row.shareAmount),
    totalAmount: koboToNaira(row.savingsAmount + row.shareAmount),
    effectiveMonth: row.effectiveMonth,
    source: row.source,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function toChangeRequest(row: ChangeRequestRow): ChangeRequest {
  return {
    id: row.id,
    savingsAmount: koboToNaira(row.savingsAmount),
    shareAmount: koboToNaira(row.shareAmount),
    effectiveMonth: row.effectiveMonth,
    status: row.status,
    autoApproved: row.autoApproved,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

function toGroup(row: PayrollGroupRow, members: number): PayrollGroup {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    members,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The current, upcoming and past rows of one member's history (latest effective month first). */
function splitHistory(history: InstructionWithGroup[], month: IsoMonth) {
  const current = history.find((row) => row.effectiveMonth <= month) ?? null;
  const later = history.filter((row) => row.effectiveMonth > month);
  // The next one to take effect: the earliest month after this one (its latest written row).
  const upcomingMonth = later.at(-1)?.effectiveMonth;
  const upcoming = later.find((row) => row.effectiveMonth === upcomingMonth) ?? null;
  return {
    current: current ? toInstruction(current) : null,
    upcoming: upcoming ? toInstruction(upcoming) : null,
    history: history.map(toInstruction),
  };
}

/** Whether a failed insert ran into the named unique index (pg and PGlite alike). */
function violated(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const candidate = e as Error & { code?: string; constraint?: string };
    if (candidate.code !== '23505') continue;
    return candidate.constraint === constraint || candidate.message.includes(constraint);
  }
  return false;
}

/**
 * When a member's new instruction row counts as written: now, or a millisecond after their latest
 * row when the clock reads no later (two changes within one clock tick, a clock set back). Rows
 * tying on the effective month go to the latest written, so the order must be the order of
 * writing; the caller holds the member's lock.
 */
async function writtenAt(tx: Executor, userId: string, now: Date): Promise<Date> {
  const latest = await deductionsRepository(tx).latestWrittenAt(userId);
  return latest && latest >= now ? new Date(latest.getTime() + 1) : now;
}

/* ------------------------------------------------------------------ payroll groups */

/** GET /admin/payroll/groups: every group by code, with its members this month. */
export async function listPayrollGroups(deps: Deps, _actor: MemberActor): Promise<PayrollGroup[]> {
  const rows = await deductionsRepository(deps.db).groups(monthOf(deps.clock.now()));
  return rows.map(({ group, members }) => toGroup(group, Number(members)));
}

const groupExists = () =>
  new DomainError({
    code: 'PAYROLL_GROUP_EXISTS',
    message: DEDUCTION_MESSAGES.groupExists,
    details: [{ field: 'code', message: DEDUCTION_MESSAGES.groupExists }],
  });

/** POST /admin/payroll/groups: a new group; its code is unique (409). Audited. */
export async function createPayrollGroup(
  deps: Deps,
  actor: Actor,
  input: CreatePayrollGroupInput,
): Promise<PayrollGroup> {
  const parsed = createPayrollGroupSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { code, name } = parsed.data;
  try {
    return await deps.db.transaction(async (tx) => {
      const repo = deductionsRepository(tx);
      if ((await repo.groupsByCode([code])).has(code)) throw groupExists();
      const row = await repo.insertGroup({ code, name, createdAt: deps.clock.now() });
      await writeAudit(tx, actor, {
        action: 'payroll_group.created',
        entityType: 'payroll_group',
        entityId: row.id,
        after: { code, name },
      });
      return toGroup(row, 0);
    });
  } catch (err) {
    if (violated(err, 'payroll_groups_code_key')) throw groupExists();
    throw err;
  }
}

/** PUT /admin/payroll/groups/{id}: a new name; the code stays (files carry it). Audited. */
export async function renamePayrollGroup(
  deps: Deps,
  actor: MemberActor,
  input: IdParams & RenamePayrollGroupInput,
): Promise<PayrollGroup> {
  const parsed = renamePayrollGroupSchema.safeParse({ name: input.name });
  if (!parsed.success) throw invalidInput(parsed.error);
  const { name } = parsed.data;
  await deps.db.transaction(async (tx) => {
    const repo = deductionsRepository(tx);
    const current = await repo.lockGroup(input.id);
    if (!current) throw notFound('Payroll group');
    if (current.name === name) return;
    await repo.renameGroup(input.id, name);
    await writeAudit(tx, actor, {
      action: 'payroll_group.renamed',
      entityType: 'payroll_group',
      entityId: input.id,
      before: { name: current.name },
      after: { name },
    });
  });
  const groups = await listPayrollGroups(deps, actor);
  const group = groups.find((row) => row.id === input.id);
  if (!group) throw notFound('Payroll group');
  return group;
}

/* ------------------------------------------------------------------ instructions (officers) */

async function memberRef(db: Executor, userId: string) {
  const found = (await memberRefsById(db, [userId])).get(userId);
  if (!found) throw notFound('Member');
  return found;
}

/**
 * How many members' change requests wait for an officer's decision: the overview's queue, which
 * the back office's sidebar counts beside Deduction changes.
 */
export function pendingChangeRequestCount(db: Executor): Promise<number> {
  return deductionsRepository(db).countPending();
}

/** GET /admin/payroll/instructions/{userId}: one member's instruction, history and open request. */
export async function getMemberInstruction(
  deps: Deps,
  _actor: MemberActor,
  { userId }: { userId: string },
): Promise<AdminInstructionDetail> {
  const db = deps.db;
  const repo = deductionsRepository(db);
  const member = await memberRef(db, userId);
  const history = await repo.history(userId);
  const openRequest = await repo.openRequest(userId);
  const policy = await currentPolicy(db);
  const now = deps.clock.now();
  return {
    member,
    ...splitHistory(history, monthOf(now)),
    openRequest: openRequest ? toChangeRequest(openRequest) : null,
    defaultEffectiveMonth: firstChangeableMonth(
      toIsoDateInTimeZone(now),
      policy.payroll.changeCutOffDay,
    ),
  };
}

/**
 * PUT /admin/payroll/instructions/{userId}: a new row of the member's instruction, from the month
 * the officer chose, this month or later. A posted month keeps what it expected in its own rows
 * (payroll_deductions), so a change never rewrites it. The policy's minimums bind members' own
 * requests, not the officer, who records what the cooperative agreed with the member. Audited.
 */
export async function setMemberInstruction(
  deps: Deps,
  actor: MemberActor,
  input: SetInstructionInput & { userId: string },
): Promise<AdminInstructionDetail> {
  const { userId, ...body } = input;
  const parsed = setInstructionSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  const data = parsed.data;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await memberRef(tx, userId);
    await advisoryLock(tx, `coop.deductions.${userId}`);
    const repo = deductionsRepository(tx);
    const group = await repo.group(data.payrollGroupId);
    if (!group) {
      throw validationError([
        { field: 'payrollGroupId', message: DEDUCTION_MESSAGES.unknownGroup },
      ]);
    }
    if (data.effectiveMonth < monthOf(now)) {
      throw validationError([{ field: 'effectiveMonth', message: DEDUCTION_MESSAGES.monthPast }]);
    }
    const before = (await instructionsInEffect(tx, data.effectiveMonth, { userIds: [userId] }))[0];
    const [row] = await repo.insertInstructions([
      {
        userId,
        payrollGroupId: group.id,
        staffNumber: data.staffNumber,
        savingsAmount: nairaToKobo(data.savingsAmount),
        shareAmount: nairaToKobo(data.shareAmount),
        effectiveMonth: data.effectiveMonth,
        source: 'officer',
        createdBy: actorIdOf(actor),
        createdAt: await writtenAt(tx, userId, now),
      },
    ]);
    await writeAudit(tx, actor, {
      action: 'deduction_instruction.set',
      entityType: 'user',
      entityId: userId,
      before: before ? auditValues(before) : null,
      after: { ...auditValues({ ...row!, groupCode: group.code }), instructionId: row!.id },
    });
  });
  return getMemberInstruction(deps, actor, { userId });
}

function auditValues(row: {
  groupCode: string;
  staffNumber: string;
  savingsAmount: Kobo;
  shareAmount: Kobo;
  effectiveMonth: string;
}) {
  return {
    payrollGroup: row.groupCode,
    staffNumber: row.staffNumber,
    savingsKobo: row.savingsAmount,
    sharesKobo: row.shareAmount,
    effectiveMonth: row.effectiveMonth,
  };
}

/**
 * The instructions a members import carries, written in the import job's transaction, effective
 * from the month the policy's cut-off allows on the day of the import (docs/administrators.md
 * "Members import"): the same month a member's own change would reach.
 */
export async function writeImportedInstructions(
  tx: Executor,
  deps: Pick<Deps, 'clock'>,
  actor: Actor,
  rows: readonly ImportedInstruction[],
): Promise<void> {
  if (rows.length === 0) return;
  const now = deps.clock.now();
  const policy = await currentPolicy(tx);
  const effectiveMonth = firstChangeableMonth(
    toIsoDateInTimeZone(now),
    policy.payroll.changeCutOffDay,
  );
  await deductionsRepository(tx).insertInstructions(
    rows.map((row) => ({
      userId: row.userId,
      payrollGroupId: row.payrollGroupId,
      staffNumber: row.staffNumber,
      savingsAmount: row.savingsKobo,
      shareAmount: row.sharesKobo,
      effectiveMonth,
      source: 'import' as const,
      createdBy: actorIdOf(actor),
      createdAt: now,
    })),
  );
}

/** An opening instruction the demo cooperative gives a member (source `demo`, no officer). */
export interface OpeningInstruction {
  userId: string;
  payrollGroupId: string;
  staffNumber: string;
  savingsKobo: Kobo;
  sharesKobo: Kobo;
  effectiveMonth: IsoMonth;
}

/** Writes the demo's opening instructions, as its members' contribution plans say. */
export async function writeOpeningInstructions(
  db: Executor,
  deps: Pick<Deps, 'clock'>,
  rows: readonly OpeningInstruction[],
): Promise<number> {
  const now = deps.clock.now();
  const written = await deductionsRepository(db).insertInstructions(
    rows.map((row) => ({
      userId: row.userId,
      payrollGroupId: row.payrollGroupId,
      staffNumber: row.staffNumber,
      savingsAmount: row.savingsKobo,
      shareAmount: row.sharesKobo,
      effectiveMonth: row.effectiveMonth,
      source: 'demo' as const,
      createdAt: now,
    })),
  );
  return written.length;
}

/** The deductions module's part of the members import (wired by app.ts and jobs.ts). */
export const memberImportInstructions: MemberImportInstructions = {
  groupsByCode: (db, codes) => deductionsRepository(db).groupsByCode(codes),
  write: writeImportedInstructions,
};

/* ------------------------------------------------------------------ the member */

/** GET /users/deductions: the member's instruction, its history, requests and the policy terms. */
export async function getMyDeductions(deps: Deps, actor: MemberActor): Promise<MyDeductions> {
  const userId = actor.user.id;
  const repo = deductionsRepository(deps.db);
  const now = deps.clock.now();
  const history = await repo.history(userId);
  const requests = await repo.recentRequests(userId, RECENT_REQUESTS);
  const policy = (await currentPolicy(deps.db)).payroll;
  return {
    ...splitHistory(history, monthOf(now)),
    requests: requests.map(toChangeRequest),
    policy: {
      minSavings: koboToNaira(policy.minSavingsKobo),
      minShares: koboToNaira(policy.minSharesKobo),
      changeCutOffDay: policy.changeCutOffDay,
      nextChangeMonth: firstChangeableMonth(toIsoDateInTimeZone(now), policy.changeCutOffDay),
    },
  };
}

/**
 * The month a change takes effect from: the one the cut-off allows today, never before `after`
 * (a change asked for earlier, or the member's latest instruction, which it must not precede).
 */
function effectiveMonthFor(
  deps: Pick<Deps, 'clock'>,
  policy: PayrollPolicy,
  after: IsoMonth,
): IsoMonth {
  const month = firstChangeableMonth(toIsoDateInTimeZone(deps.clock.now()), policy.changeCutOffDay);
  return after > month ? after : month;
}

/** The instruction a change would replace: the latest row, with its group and staff number. */
async function baseInstruction(tx: Executor, userId: string) {
  const [latest] = await deductionsRepository(tx).history(userId);
  if (!latest) {
    throw new DomainError({
      code: 'DEDUCTION_INSTRUCTION_MISSING',
      message: DEDUCTION_MESSAGES.noInstructionToChange,
    });
  }
  return latest;
}

const changeOpen = () =>
  new DomainError({ code: 'DEDUCTION_CHANGE_OPEN', message: DEDUCTION_MESSAGES.changeOpen });

/**
 * POST /users/deductions/change-requests: the member asks for new monthly amounts. Refused below
 * the policy's minimums, when nothing changes, and while another request of theirs is open (the
 * database's one-open-request index holds it under any concurrency). Within the policy's
 * auto-approval limit the policy approves it at once and the new instruction is written; else it
 * waits for an officer.
 */
export async function requestDeductionChange(
  deps: Deps,
  actor: MemberActor,
  input: ChangeRequestInput,
): Promise<ChangeRequest> {
  const parsed = changeRequestInputSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const userId = actor.user.id;
  const next = {
    savings: nairaToKobo(parsed.data.savingsAmount),
    shares: nairaToKobo(parsed.data.shareAmount),
  };
  try {
    return await deps.db.transaction(async (tx) => {
      await advisoryLock(tx, `coop.deductions.${userId}`);
      const repo = deductionsRepository(tx);
      const policy = (await currentPolicy(tx)).payroll;
      const problems = [
        ...(next.savings < policy.minSavingsKobo
          ? [{ field: 'savingsAmount', message: savingsBelowMinimum(policy.minSavingsKobo) }]
          : []),
        ...(next.shares < policy.minSharesKobo
          ? [{ field: 'shareAmount', message: sharesBelowMinimum(policy.minSharesKobo) }]
          : []),
      ];
      if (problems.length > 0) throw validationError(problems);
      if (await repo.openRequest(userId)) throw changeOpen();
      const base = await baseInstruction(tx, userId);
      if (base.savingsAmount === next.savings && base.shareAmount === next.shares) {
        throw new DomainError({
          code: 'DEDUCTION_CHANGE_UNCHANGED',
          message: DEDUCTION_MESSAGES.changeSameAsInstruction,
        });
      }
      const effectiveMonth = effectiveMonthFor(deps, policy, base.effectiveMonth);
      const current = { savings: base.savingsAmount, shares: base.shareAmount };
      const auto = withinAutoApproval(current, next, policy.autoApproveLimitKobo);
      const now = deps.clock.now();
      const request = await repo.insertRequest({
        userId,
        savingsAmount: next.savings,
        shareAmount: next.shares,
        effectiveMonth,
        status: auto ? 'approved' : 'pending',
        autoApproved: auto,
        decidedAt: auto ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, actor, {
        action: auto ? 'deduction_change.approved_by_policy' : 'deduction_change.requested',
        entityType: 'deduction_change_request',
        entityId: request.id,
        before: { savingsKobo: current.savings, sharesKobo: current.shares },
        after: { savingsKobo: next.savings, sharesKobo: next.shares, effectiveMonth },
      });
      if (auto) await writeApprovedInstruction(tx, request, base, 'policy', null, now);
      return toChangeRequest(request);
    });
  } catch (err) {
    if (violated(err, 'deduction_change_requests_one_pending_key')) throw changeOpen();
    throw err;
  }
}

/** The instruction an approved request writes: the base's group and staff number, new amounts. */
async function writeApprovedInstruction(
  tx: Executor,
  request: ChangeRequestRow,
  base: InstructionWithGroup,
  source: 'member' | 'policy',
  officerId: string | null,
  now: Date,
) {
  await deductionsRepository(tx).insertInstructions([
    {
      userId: request.userId,
      payrollGroupId: base.payrollGroupId,
      staffNumber: base.staffNumber,
      savingsAmount: request.savingsAmount,
      shareAmount: request.shareAmount,
      effectiveMonth: request.effectiveMonth,
      source,
      changeRequestId: request.id,
      createdBy: officerId,
      createdAt: await writtenAt(tx, request.userId, now),
    },
  ]);
}

const notPending = () =>
  new DomainError({
    code: 'DEDUCTION_CHANGE_NOT_PENDING',
    message: DEDUCTION_MESSAGES.changeNotPending,
  });

/** POST /users/deductions/change-requests/{id}/cancel: the member withdraws their open request. */
export async function cancelDeductionChange(
  deps: Deps,
  actor: MemberActor,
  { id }: IdParams,
): Promise<ChangeRequest> {
  const userId = actor.user.id;
  return deps.db.transaction(async (tx) => {
    await advisoryLock(tx, `coop.deductions.${userId}`);
    const repo = deductionsRepository(tx);
    const row = await repo.lockRequest(id);
    // Another member's request answers as one that does not exist.
    if (!row || row.userId !== userId) throw notFound('Change request');
    if (row.status !== 'pending') throw notPending();
    const now = deps.clock.now();
    const cancelled = await repo.updateRequest(id, { status: 'cancelled', updatedAt: now });
    await writeAudit(tx, actor, {
      action: 'deduction_change.cancelled',
      entityType: 'deduction_change_request',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    });
    return toChangeRequest(cancelled);
  });
}

/* ------------------------------------------------------------------ the officers' queue */

/** Requests as the officers' queue shows them: with the instruction they would change. */
export async function toAdminRequests(
  db: Executor,
  month: IsoMonth,
  rows: {
    request: ChangeRequestRow;
    member: AdminChangeRequest['member'];
  }[],
): Promise<AdminChangeRequest[]> {
  const current = new Map(
    (
      await instructionsInEffect(db, month, { userIds: [...new Set(rows.map((r) => r.member.id))] })
    ).map((row) => [row.userId, row]),
  );
  const deciders = await memberNames(
    db,
    rows.flatMap(({ request }) => (request.decidedBy ? [request.decidedBy] : [])),
  );
  return rows.map(({ request, member }) => {
    const instruction = current.get(member.id);
    const decider = request.decidedBy ? deciders.get(request.decidedBy) : undefined;
    return {
      ...toChangeRequest(request),
      member,
      current: instruction
        ? {
            savingsAmount: koboToNaira(instruction.savingsAmount),
            shareAmount: koboToNaira(instruction.shareAmount),
          }
        : null,
      decidedBy:
        request.decidedBy && decider ? { id: request.decidedBy, name: decider.name } : null,
    };
  });
}

async function adminRequest(deps: Deps, id: string): Promise<AdminChangeRequest> {
  const request = await deductionsRepository(deps.db).request(id);
  if (!request) throw notFound('Change request');
  const member = await memberRef(deps.db, request.userId);
  const [answer] = await toAdminRequests(deps.db, monthOf(deps.clock.now()), [{ request, member }]);
  if (!answer) throw notFound('Change request');
  return answer;
}

/** The pending request, locked, that `actor` may decide: not their own. */
async function lockForDecision(tx: Tx | Executor, actor: MemberActor, id: string) {
  const repo = deductionsRepository(tx);
  const peek = await repo.request(id);
  if (!peek) throw notFound('Change request');
  await advisoryLock(tx, `coop.deductions.${peek.userId}`);
  const row = await repo.lockRequest(id);
  if (!row) throw notFound('Change request');
  if (row.userId === actor.user.id) {
    throw new DomainError({
      code: 'DEDUCTION_CHANGE_SELF_DECISION',
      message: DEDUCTION_MESSAGES.ownRequest,
    });
  }
  if (row.status !== 'pending') throw notPending();
  return row;
}

/**
 * POST /admin/payroll/change-requests/{id}/approve: writes the member's new instruction, effective
 * from the month asked for or, when the cut-off has passed since, the month it allows now. The
 * member is told; audited.
 */
export async function approveDeductionChange(
  deps: Deps,
  actor: MemberActor,
  { id }: IdParams,
): Promise<AdminChangeRequest> {
  await deps.db.transaction(async (tx) => {
    const row = await lockForDecision(tx, actor, id);
    const base = await baseInstruction(tx, row.userId);
    const policy = (await currentPolicy(tx)).payroll;
    const effectiveMonth = effectiveMonthFor(
      deps,
      policy,
      row.effectiveMonth > base.effectiveMonth ? row.effectiveMonth : base.effectiveMonth,
    );
    const now = deps.clock.now();
    const approved = await deductionsRepository(tx).updateRequest(id, {
      status: 'approved',
      effectiveMonth,
      decidedBy: actor.user.id,
      decidedAt: now,
      updatedAt: now,
    });
    await writeApprovedInstruction(tx, approved, base, 'member', actor.user.id, now);
    await writeAudit(tx, actor, {
      action: 'deduction_change.approved',
      entityType: 'deduction_change_request',
      entityId: id,
      before: { status: 'pending', savingsKobo: base.savingsAmount, sharesKobo: base.shareAmount },
      after: {
        status: 'approved',
        savingsKobo: approved.savingsAmount,
        sharesKobo: approved.shareAmount,
        effectiveMonth,
      },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: row.userId,
        template: 'deductionChangeDecided',
        facts: {
          requestId: id,
          savings: approved.savingsAmount,
          shares: approved.shareAmount,
          effectiveMonth,
          outcome: 'approved',
        },
      },
    ]);
  });
  return adminRequest(deps, id);
}

/** POST /admin/payroll/change-requests/{id}/reject: with the reason the member is told. Audited. */
export async function rejectDeductionChange(
  deps: Deps,
  actor: MemberActor,
  { id, reason }: IdParams & { reason: string },
): Promise<AdminChangeRequest> {
  await deps.db.transaction(async (tx) => {
    const row = await lockForDecision(tx, actor, id);
    const now = deps.clock.now();
    await deductionsRepository(tx).updateRequest(id, {
      status: 'rejected',
      rejectionReason: reason,
      decidedBy: actor.user.id,
      decidedAt: now,
      updatedAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'deduction_change.rejected',
      entityType: 'deduction_change_request',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: row.userId,
        template: 'deductionChangeDecided',
        facts: {
          requestId: id,
          savings: row.savingsAmount,
          shares: row.shareAmount,
          effectiveMonth: row.effectiveMonth,
          outcome: 'rejected',
          reason,
        },
      },
    ]);
  });
  return adminRequest(deps, id);
}
