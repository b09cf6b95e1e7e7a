/**
 * Checking a statement's verification code (docs/business-rules.md "Statement verification",
 * docs/administrators.md "Checking a member's statement"): the officer types the code printed on
 * the paper and sees what the cooperative issued with it. Each check, found or not, is counted
 * against the officer (sixty in ten minutes, across instances) and written to the audit trail,
 * so trying codes in bulk is both slow and visible.
 */
import {
  formatStatementCode,
  STATEMENT_VERIFICATION_MESSAGES,
  type StatementVerification,
} from '@coop/shared/statement-verification';
import type { TransactionAccount } from '@coop/shared/account-rules';
import { koboToNaira } from '@coop/shared/money';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError } from '../../lib/domain-error.js';
import { blockedFor, recordEvent } from '../../lib/rate-limit.js';
import { backOfficeRepository } from './back-office.repository.js';

/** Checks one officer may make in `CHECK_WINDOW_MS`: a busy morning's counter, never a sweep. */
export const STATEMENT_CHECKS_PER_WINDOW = 60;
const CHECK_WINDOW_MS = 10 * 60 * 1000;
const BUCKET = 'statement-verification';

/** GET /admin/statements/verify?code=: what the code certifies, or 404 when nothing was issued with it. */
export async function verifyStatement(
  deps: Deps,
  actor: MemberActor,
  code: string,
): Promise<StatementVerification> {
  const now = deps.clock.now();
  const key = actor.user.id;
  const printed = formatStatementCode(code);
  const { waitMs, found } = await deps.db.transaction(async (tx) => {
    // Checked and counted under a per-officer lock, so parallel checks cannot all pass at once.
    await advisoryLock(tx, `coop.statement-check.${key}`);
    const blocked = await blockedFor(tx, {
      bucket: BUCKET,
      key,
      limit: STATEMENT_CHECKS_PER_WINDOW,
      windowMs: CHECK_WINDOW_MS,
      now,
    });
    if (blocked !== null) return { waitMs: blocked, found: undefined };
    await recordEvent(tx, { bucket: BUCKET, key, now });
    const row = await backOfficeRepository(tx).statementCertificate(code);
    await writeAudit(tx, actor, {
      action: row ? 'statement.verified' : 'statement.verification_failed',
      entityType: row ? 'user' : undefined,
      entityId: row?.certificate.userId,
      after: { verificationCode: printed, ...(row ? { certificateId: row.certificate.id } : {}) },
    });
    return { waitMs: null, found: row };
  });
  if (waitMs !== null) {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw new DomainError({
      code: 'TOO_MANY_ATTEMPTS',
      message: STATEMENT_VERIFICATION_MESSAGES.tooMany(minutes),
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
    });
  }
  if (!found) {
    throw new DomainError({
      code: 'NOT_FOUND',
      message: STATEMENT_VERIFICATION_MESSAGES.unknownCode,
    });
  }
  const c = found.certificate;
  const accounts: StatementVerification['accounts'] = [
    {
      account: 'savings' as TransactionAccount,
      opening: c.savingsOpening,
      closing: c.savingsClosing,
    },
    {
      account: 'share_holding' as TransactionAccount,
      opening: c.sharesOpening,
      closing: c.sharesClosing,
    },
    ...(c.loanOpening !== null && c.loanClosing !== null
      ? [{ account: 'loan' as TransactionAccount, opening: c.loanOpening, closing: c.loanClosing }]
      : []),
  ].map((row) => ({
    account: row.account,
    openingBalance: koboToNaira(row.opening),
    closingBalance: koboToNaira(row.closing),
  }));
  return {
    code: printed,
    member: {
      id: c.userId,
      firstName: found.firstName,
      lastName: found.lastName,
      membershipId: found.membershipId,
    },
    startDate: c.startDate,
    endDate: c.endDate,
    issuedAt: c.issuedAt.toISOString(),
    accounts,
    contentSha256: c.contentSha256,
  };
}
