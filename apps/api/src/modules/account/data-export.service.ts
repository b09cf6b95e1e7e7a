/**
 * GET /users/export/data (docs/member-portal.md §7;
 * docs/decisions/040-dashboard-and-member-money.md): everything the portal holds about the member,
 * and nothing about anyone else. Every table is read through this module's repository, bound to the
 * member's id; ids of other people (who processed, issued or waived a record, the other party of a
 * guarantee) are never read. Money is naira (exact to the kobo), instants ISO 8601.
 *
 * JSON is one document with a section per table; CSV is the same content in the long form
 * `section,record,field,value` (one line per field of each record), one table a spreadsheet opens
 * whatever the sections hold.
 */
import { claimExport } from './export-limit.js';
import { koboToNaira } from '@coop/shared/money';
import type { DataExportQuery } from '@coop/shared/users';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { toCsv, type CsvCell } from '../../lib/csv.js';
import { notFound } from '../../lib/domain-error.js';
import { toUser } from '../../lib/user-view.js';
import { memberLoanRecords } from '../loans/loans.service.js';
import { accountRepository } from './account.repository.js';
import { toSettings } from './settings.service.js';
import { toTransaction, type DownloadFile } from './statements.service.js';

type ExportValue = string | number | boolean | null;
type ExportRecord = Record<string, ExportValue>;

/** Columns holding kobo, written as naira. */
const MONEY_FIELDS = new Set([
  'savingsAmount',
  'shareHoldingAmount',
  'totalAmount',
  'requestedAmount',
  'approvedAmount',
  'amount',
  'interestAmount',
  'insuranceFee',
  'formFee',
  'disbursementAmount',
  'monthlyPayment',
  'totalRepayment',
  'outstandingBalance',
  'principalAmount',
  'remainingBalance',
  'paidAmount',
  'newBalance',
  'guaranteeAmount',
  'frozenAmount',
  'savingsBalance',
  'shareBalance',
  'loanBalance',
]);

function plain(row: Record<string, unknown>): ExportRecord {
  const out: ExportRecord = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = value.toISOString();
    else if (typeof value === 'number' && MONEY_FIELDS.has(key)) out[key] = koboToNaira(value);
    else if (value === undefined) out[key] = null;
    else out[key] = value as ExportValue;
  }
  return out;
}

export interface DataExport {
  exportedAt: string;
  profile: ExportRecord;
  settings: ExportRecord;
  balances: ExportRecord;
  transactions: ExportRecord[];
  contributions: ExportRecord[];
  withdrawals: ExportRecord[];
  dividends: ExportRecord[];
  fines: ExportRecord[];
  loans: ExportRecord[];
  loanSchedules: ExportRecord[];
  loanRepayments: ExportRecord[];
  guarantees: ExportRecord[];
  depositNotices: ExportRecord[];
  notifications: ExportRecord[];
}

export async function collectDataExport(deps: Deps, actor: MemberActor): Promise<DataExport> {
  const userId = actor.user.id;
  const repo = accountRepository(deps.db);
  const user = await repo.findUser(userId);
  if (!user) throw notFound('Member');
  const [
    settings,
    balances,
    movements,
    contributions,
    withdrawals,
    dividends,
    fines,
    { loans, loanSchedules, loanRepayments, guarantees },
    depositNotices,
    notifications,
  ] = await Promise.all([
    repo.findSettings(userId),
    repo.balances(userId),
    repo.allMovements(userId),
    repo.contributions(userId),
    repo.withdrawals(userId),
    repo.dividends(userId),
    repo.fines(userId),
    memberLoanRecords(deps.db, userId),
    repo.depositNotices(userId),
    repo.notifications(userId),
  ]);
  const { _id: _ignored, ...profile } = toUser(user);
  return {
    exportedAt: deps.clock.now().toISOString(),
    profile: plain({
      ...profile,
      joinedOn: user.joinedOn,
      activatedAt: user.activatedAt,
      createdAt: user.createdAt,
    }),
    settings: plain({ ...toSettings(settings) }),
    balances: plain({ ...balances }),
    // Already naira: written as they are, not through plain().
    transactions: movements.map((row) => {
      const { reference, ...movement } = toTransaction(row);
      return { ...movement, reference: reference ? `${reference.type}:${reference.id}` : null };
    }),
    contributions: contributions.map(plain),
    withdrawals: withdrawals.map(plain),
    dividends: dividends.map(plain),
    fines: fines.map(plain),
    loans: loans.map(plain),
    loanSchedules: loanSchedules.map(plain),
    loanRepayments: loanRepayments.map(plain),
    guarantees: guarantees.map(plain),
    depositNotices: depositNotices.map(plain),
    notifications: notifications.map(plain),
  };
}

function exportCsv(data: DataExport): string {
  const rows: CsvCell[][] = [['export', '1', 'exportedAt', data.exportedAt]];
  const push = (section: string, index: number, record: ExportRecord) => {
    for (const [field, value] of Object.entries(record)) {
      rows.push([section, String(index), field, value === null ? null : String(value)]);
    }
  };
  push('profile', 1, data.profile);
  push('settings', 1, data.settings);
  push('balances', 1, data.balances);
  for (const [section, records] of Object.entries(data) as Array<[string, unknown]>) {
    if (!Array.isArray(records)) continue;
    (records as ExportRecord[]).forEach((record, i) => push(section, i + 1, record));
  }
  return toCsv(['section', 'record', 'field', 'value'], rows);
}

/** GET /users/export/data?format=json|csv: the member's data as a file; audited. */
export async function exportMemberData(
  deps: Deps,
  actor: MemberActor,
  { format }: DataExportQuery,
): Promise<DownloadFile> {
  await claimExport(deps, actor);
  const data = await collectDataExport(deps, actor);
  await writeAudit(deps.db, actor, {
    action: 'member.data_exported',
    entityType: 'user',
    entityId: actor.user.id,
    after: { format },
  });
  const name = `coop-data-${actor.user.membershipId}-${data.exportedAt.slice(0, 10)}`;
  return format === 'csv'
    ? { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: exportCsv(data) }
    : {
        filename: `${name}.json`,
        contentType: 'application/json; charset=utf-8',
        body: `${JSON.stringify(data, null, 2)}\n`,
      };
}
