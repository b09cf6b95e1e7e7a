/**
 * The back office's overview, member record, audit log and reconciliation
 * (docs/decisions/070-back-office.md, 11). Reads, except that every CSV export is itself audited
 * (who took which report, when).
 */
import { agree, countOf } from '@coop/shared/plurals';
import type { AuditEntry, AuditListQuery } from '@coop/shared/audit';
import type {
  AdminOverview,
  AdminQueueKey,
  Reconciliation,
  ReconciliationQuery,
} from '@coop/shared/back-office';
import type { AdminMemberDetail } from '@coop/shared/members';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import type { IdParams } from '@coop/shared/http';
import { koboToNaira } from '@coop/shared/money';
import { hasPermission } from '@coop/shared/officers';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { koboCell, toCsv } from '../../lib/csv.js';
import { pdfAmount, renderPdf } from '../../lib/pdf-document.js';
import { notFound } from '../../lib/domain-error.js';
import {
  availableOf,
  findProjectionMismatches,
  LEDGER_ACCOUNTS,
  readMemberBalance,
  type LedgerAccount,
} from '../ledger/ledger.service.js';
import type { ListPage } from '../../lib/list-query.js';
import { toAdminMember } from '../members/members.service.js';
import { disbursementsAwaitingApprovalBy } from '../loans/loan-back-office.service.js';
import { pendingProposalCount } from '../proposals/proposals.service.js';
import { backOfficeRepository, type AuditRow } from './back-office.repository.js';
import { monthsNotRemitted, payrollReceivable } from '../payroll/remittances.service.js';
import { pendingChangeRequestCount } from '../payroll/deductions.service.js';

const naira = koboToNaira;

/** GET /admin/overview: members, money under management, this month's payroll, the queues. */
export async function getOverview(deps: Deps, actor: MemberActor): Promise<AdminOverview> {
  const repo = backOfficeRepository(deps.db);
  const month = toIsoDateInTimeZone(deps.clock.now()).slice(0, 7);
  // One after another on purpose: a request holds one pool connection, not eight.
  const members = await repo.memberCounts();
  const balances = await repo.balanceTotals();
  const deductions = await repo.monthContributions(month);
  const queue = (key: AdminQueueKey, label: string, count: number) => ({ key, label, count });
  return {
    members,
    moneyUnderManagement: {
      savings: naira(balances.savings),
      shares: naira(balances.shares),
      total: naira(balances.savings + balances.shares),
      outstandingLoans: naira(balances.loans),
    },
    deductionsThisMonth: {
      month,
      contributions: deductions.count,
      amount: naira(deductions.amount),
    },
    payrollNotRemitted: await monthsNotRemitted(deps.db),
    // Each queue opens its page on the records waiting (overview-view.tsx QUEUE_PAGES); the
    // sidebar counts them beside their pages (admin-navigation.ts).
    queues: [
      queue('disputes', 'Disputed contributions', await repo.countDisputed()),
      queue('loansToDisburse', 'Loans to disburse', await repo.countLoansToDisburse()),
      // The checker's own queue, only for those who may approve (docs/administrators.md "Loans").
      ...(hasPermission(actor.user.roles, 'loans.approve_disbursement')
        ? [
            queue(
              'disbursementsToApprove',
              'Disbursements awaiting your approval',
              await disbursementsAwaitingApprovalBy(deps.db, actor),
            ),
          ]
        : []),
      queue('overdueInstalments', 'Overdue instalments', await repo.countOverdueInstalments()),
      queue('withdrawals', 'Withdrawals to decide', await repo.countPendingWithdrawals()),
      queue('depositNotices', 'Deposit notices to verify', await repo.countPendingDepositNotices()),
      queue(
        'deductionChanges',
        'Deduction changes to decide',
        await pendingChangeRequestCount(deps.db),
      ),
      queue(
        'approvals',
        'Changes to approve',
        await pendingProposalCount(deps.db, deps.clock.now()),
      ),
    ],
  };
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor:
      row.actorId && row.actorMembershipId
        ? {
            id: row.actorId,
            name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim(),
            membershipId: row.actorMembershipId,
          }
        : null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: parseJson(row.before),
    after: parseJson(row.after),
    ip: row.ip,
  };
}

/** GET /admin/users/{id}/record: the member's page, every table read through this module. */
export async function getMemberRecord(
  deps: Deps,
  _actor: MemberActor,
  { id }: IdParams,
): Promise<AdminMemberDetail> {
  const repo = backOfficeRepository(deps.db);
  const member = await repo.member(id);
  if (!member) throw notFound('Member');
  const balances = await readMemberBalance(deps.db, id);
  const [contributions, loans, guarantees, withdrawals, fines, audit] = [
    await repo.contributions(id),
    await repo.loans(id),
    await repo.guarantees(id),
    await repo.withdrawals(id),
    await repo.fines(id),
    await repo.memberAudit(id),
  ];
  return {
    member: toAdminMember(member),
    balances: {
      savings: naira(balances?.savings ?? 0),
      shares: naira(balances?.shares ?? 0),
      outstandingLoans: naira(balances?.loans ?? 0),
      frozen: naira(balances?.frozen ?? 0),
      available: naira(balances ? availableOf(balances).savings : 0),
    },
    contributions: {
      total: contributions.total,
      items: contributions.items.map((row) => ({
        id: row.id,
        contributionMonth: row.contributionMonth,
        savingsAmount: naira(row.savingsAmount),
        shareHoldingAmount: naira(row.shareHoldingAmount),
        totalAmount: naira(row.totalAmount),
        status: row.status,
      })),
    },
    loans: {
      total: loans.total,
      items: loans.items.map((row) => ({
        id: row.id,
        loanId: row.loanNumber,
        purpose: row.purpose,
        requestedAmount: naira(row.requestedAmount),
        outstandingBalance: naira(row.outstandingBalance),
        status: row.status,
        requestDate: row.requestDate.toISOString(),
      })),
    },
    guarantees: {
      total: guarantees.total,
      items: guarantees.items.map((row) => ({
        id: row.id,
        loanId: row.loanNumber,
        borrowerName: `${row.borrowerFirstName} ${row.borrowerLastName}`,
        guaranteeAmount: naira(row.guaranteeAmount),
        frozenAmount: naira(row.frozenAmount),
        status: row.status,
        invitationDate: row.invitationDate.toISOString(),
      })),
    },
    withdrawals: {
      total: withdrawals.total,
      items: withdrawals.items.map((row) => ({
        id: row.id,
        withdrawalType: row.withdrawalType,
        requestedAmount: naira(row.requestedAmount),
        status: row.status,
        requestDate: row.requestDate.toISOString(),
      })),
    },
    fines: {
      total: fines.total,
      items: fines.items.map((row) => ({
        id: row.id,
        reason: row.reason,
        amount: naira(row.amount),
        fineDate: row.fineDate,
        status: row.status,
      })),
    },
    audit: { total: audit.total, items: audit.items.map(toAuditEntry) },
  };
}

/** GET /admin/audit: the trail, searchable by actor, action, entity and time. */
export async function listAudit(
  deps: Deps,
  _actor: MemberActor,
  query: AuditListQuery,
): Promise<ListPage<AuditEntry>> {
  const page = await backOfficeRepository(deps.db).auditPage(query);
  return { items: page.items.map(toAuditEntry), pagination: page.pagination };
}

/** The most rows one audit export carries; narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** GET /admin/audit/export.csv: the filtered trail as CSV (formula injection neutralised). */
export async function exportAuditCsv(
  deps: Deps,
  actor: MemberActor,
  query: AuditListQuery,
): Promise<string> {
  const rows = await backOfficeRepository(deps.db).auditRows(query, AUDIT_EXPORT_MAX_ROWS);
  await writeAudit(deps.db, actor, {
    action: 'report.exported',
    entityType: 'report',
    entityId: 'audit',
    after: { rows: rows.length, filters: { ...query, page: undefined, limit: undefined } },
  });
  return toCsv(
    [
      'occurredAt',
      'actor',
      'membershipId',
      'action',
      'entityType',
      'entityId',
      'before',
      'after',
      'ip',
    ],
    rows.map((row) => [
      row.occurredAt.toISOString(),
      row.actorId ? `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim() : 'system',
      row.actorMembershipId,
      row.action,
      row.entityType,
      row.entityId,
      row.before,
      row.after,
      row.ip,
    ]),
  );
}

interface ReconciliationKobo {
  asOf: Date;
  accounts: Array<{
    account: string;
    type: string;
    description: string;
    debit: number;
    credit: number;
  }>;
  totalDebit: number;
  totalCredit: number;
  members: number;
  mismatches: Awaited<ReturnType<typeof findProjectionMismatches>>;
  membershipIds: Map<string, string>;
  startDate: string;
  endDate: string;
  byKind: Array<{ kind: string; moneyIn: number; moneyOut: number }>;
}

async function reconcile(deps: Deps, query: ReconciliationQuery): Promise<ReconciliationKobo> {
  const repo = backOfficeRepository(deps.db);
  const today = toIsoDateInTimeZone(deps.clock.now());
  const endDate = query.endDate ?? today;
  const startDate = query.startDate ?? `${endDate.slice(0, 7)}-01`;
  const totals = new Map((await repo.accountTotals()).map((row) => [row.account, row]));
  // A trial balance lists each account's balance on its debit or credit side.
  const accounts = (Object.keys(LEDGER_ACCOUNTS) as LedgerAccount[]).map((account) => {
    const sums = totals.get(account);
    const net = (sums?.debit ?? 0) - (sums?.credit ?? 0);
    return {
      account,
      type: LEDGER_ACCOUNTS[account].type,
      description: LEDGER_ACCOUNTS[account].description,
      debit: net > 0 ? net : 0,
      credit: net < 0 ? -net : 0,
    };
  });
  const mismatches = await findProjectionMismatches(deps.db);
  return {
    asOf: deps.clock.now(),
    accounts,
    totalDebit: accounts.reduce((sum, row) => sum + row.debit, 0),
    totalCredit: accounts.reduce((sum, row) => sum + row.credit, 0),
    members: await repo.countBalances(),
    mismatches,
    membershipIds: await repo.membershipIds(mismatches.map((row) => row.userId)),
    startDate,
    endDate,
    byKind: await repo.bankMovements(startDate, endDate),
  };
}

const nairaBalances = (b: { savings: number; shares: number; loans: number }) => ({
  savings: naira(b.savings),
  shares: naira(b.shares),
  loans: naira(b.loans),
});

/** GET /admin/reconciliation: trial balance, projection against ledger, money in and out. */
export async function getReconciliation(
  deps: Deps,
  _actor: MemberActor,
  query: ReconciliationQuery,
): Promise<Reconciliation> {
  const r = await reconcile(deps, query);
  const receivable = await payrollReceivable(deps.db);
  const moneyIn = r.byKind.reduce((sum, row) => sum + row.moneyIn, 0);
  const moneyOut = r.byKind.reduce((sum, row) => sum + row.moneyOut, 0);
  return {
    asOf: r.asOf.toISOString(),
    trialBalance: {
      accounts: r.accounts.map((row) => ({
        ...row,
        debit: naira(row.debit),
        credit: naira(row.credit),
      })),
      totalDebit: naira(r.totalDebit),
      totalCredit: naira(r.totalCredit),
      balanced: r.totalDebit === r.totalCredit,
    },
    projection: {
      members: r.members,
      mismatches: r.mismatches.map((row) => ({
        userId: row.userId,
        membershipId: r.membershipIds.get(row.userId) ?? null,
        projected: row.projected ? nairaBalances(row.projected) : null,
        ledger: nairaBalances(row.ledger),
      })),
      matches: r.mismatches.length === 0,
    },
    payrollReceivable: {
      receivable: naira(receivable.receivable),
      outstanding: naira(receivable.outstanding),
      matches: receivable.matches,
    },
    cashFlow: {
      startDate: r.startDate,
      endDate: r.endDate,
      moneyIn: naira(moneyIn),
      moneyOut: naira(moneyOut),
      net: naira(moneyIn - moneyOut),
      byKind: r.byKind.map((row) => ({
        kind: row.kind,
        moneyIn: naira(row.moneyIn),
        moneyOut: naira(row.moneyOut),
      })),
    },
  };
}

/** GET /admin/reconciliation/export.csv: the same three parts in one CSV file, exact to the kobo. */
export async function exportReconciliationCsv(
  deps: Deps,
  actor: MemberActor,
  query: ReconciliationQuery,
): Promise<string> {
  const r = await reconcile(deps, query);
  const payroll = await payrollReceivable(deps.db);
  await writeAudit(deps.db, actor, {
    action: 'report.exported',
    entityType: 'report',
    entityId: 'reconciliation',
    after: { startDate: r.startDate, endDate: r.endDate },
  });
  const moneyIn = r.byKind.reduce((sum, row) => sum + row.moneyIn, 0);
  const moneyOut = r.byKind.reduce((sum, row) => sum + row.moneyOut, 0);
  return toCsv(
    ['section', 'item', 'description', 'debit', 'credit'],
    [
      ...r.accounts.map((row) => [
        'Trial balance',
        row.account,
        row.description,
        koboCell(row.debit),
        koboCell(row.credit),
      ]),
      [
        'Trial balance',
        'total',
        r.totalDebit === r.totalCredit ? 'Balanced' : 'NOT BALANCED',
        koboCell(r.totalDebit),
        koboCell(r.totalCredit),
      ],
      [
        'Projection check',
        'members',
        r.mismatches.length === 0
          ? `All ${r.members} accounts' balances equal the ledger (members' and officers')`
          : `${countOf(r.mismatches.length, 'account')} ${agree(r.mismatches.length, 'differs', 'differ')} from the ledger: ${r.mismatches.map((row) => r.membershipIds.get(row.userId) ?? row.userId).join(' ')}`,
        null,
        null,
      ],
      // The receivable (a debit) against what the posted months still owe (decision 157).
      [
        'Payroll receivable check',
        'coop_payroll_receivable',
        payroll.matches
          ? `Equals what the posted payroll months still owe (${koboCell(payroll.outstanding).csvNumber})`
          : `DIFFERS from what the posted payroll months still owe (${koboCell(payroll.outstanding).csvNumber})`,
        koboCell(payroll.receivable),
        null,
      ],
      ...r.byKind.map((row) => [
        `Money in and out ${r.startDate} to ${r.endDate}`,
        row.kind,
        'coop_bank',
        koboCell(row.moneyIn),
        koboCell(row.moneyOut),
      ]),
      [
        `Money in and out ${r.startDate} to ${r.endDate}`,
        'total',
        'coop_bank',
        koboCell(moneyIn),
        koboCell(moneyOut),
      ],
    ],
  );
}

/** GET /admin/reconciliation/export.pdf: the same three parts, printable for the auditor. */
export async function exportReconciliationPdf(
  deps: Deps,
  actor: MemberActor,
  query: ReconciliationQuery,
): Promise<Buffer> {
  const r = await reconcile(deps, query);
  await writeAudit(deps.db, actor, {
    action: 'report.exported',
    entityType: 'report',
    entityId: 'reconciliation.pdf',
    after: { startDate: r.startDate, endDate: r.endDate },
  });
  const moneyIn = r.byKind.reduce((sum, row) => sum + row.moneyIn, 0);
  const moneyOut = r.byKind.reduce((sum, row) => sum + row.moneyOut, 0);
  const label = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replaceAll('_', ' ');
  return renderPdf({
    issuer: deps.config.cooperative.name,
    title: 'Reconciliation',
    subtitle: [
      `Generated on ${r.asOf.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `Money in and out: ${r.startDate} to ${r.endDate}`,
    ],
    createdAt: r.asOf,
    blocks: [
      { kind: 'heading', text: 'Trial balance' },
      {
        kind: 'paragraph',
        text:
          r.totalDebit === r.totalCredit ? 'The ledger balances.' : 'THE LEDGER DOES NOT BALANCE.',
      },
      {
        kind: 'table',
        columns: [
          { header: 'Account', width: 3 },
          { header: 'Type', width: 1.2 },
          { header: 'Debit', width: 1.6, align: 'right' },
          { header: 'Credit', width: 1.6, align: 'right' },
        ],
        rows: r.accounts.map((row) => [
          row.account,
          row.type,
          row.debit ? pdfAmount(row.debit) : '',
          row.credit ? pdfAmount(row.credit) : '',
        ]),
        footer: [['Total', '', pdfAmount(r.totalDebit), pdfAmount(r.totalCredit)]],
      },
      { kind: 'heading', text: "Accounts' balances against the ledger" },
      {
        kind: 'paragraph',
        text:
          r.mismatches.length === 0
            ? `All ${r.members} accounts' balances equal the ledger (members' and officers').`
            : `${countOf(r.mismatches.length, 'account')} ${agree(r.mismatches.length, 'differs', 'differ')} from the ledger: ${r.mismatches.map((row) => r.membershipIds.get(row.userId) ?? row.userId).join(', ')}.`,
      },
      { kind: 'heading', text: 'Money in and out of the bank account' },
      {
        kind: 'table',
        columns: [
          { header: 'Kind', width: 3 },
          { header: 'In', width: 1.6, align: 'right' },
          { header: 'Out', width: 1.6, align: 'right' },
        ],
        rows: r.byKind.map((row) => [
          label(row.kind),
          pdfAmount(row.moneyIn),
          pdfAmount(row.moneyOut),
        ]),
        emptyText: 'No money moved in this period.',
        footer: [['Total', pdfAmount(moneyIn), pdfAmount(moneyOut)]],
      },
    ],
  });
}
