/**
 * Transaction history and statements (docs/business-rules.md): the member's ledger movements with
 * running balances, and the statement of a period with opening and closing balances, as JSON, CSV
 * and PDF. Everything comes from the ledger (decision 030), so a statement reconciles with it by
 * construction: opening + money in − money out = closing, and the closing balance of a period
 * ending today is the balance the dashboard shows.
 */
import { createHash, randomBytes } from 'node:crypto';
import { claimExport } from './export-limit.js';
import {
  STATEMENT_MESSAGES,
  TRANSACTION_ACCOUNT_LABELS,
  TRANSACTION_ACCOUNTS,
  TRANSACTION_TYPE_LABELS,
  type TransactionAccount,
} from '@coop/shared/account-rules';
import { formatDisplayDate, formatDisplayDateTime } from '@coop/shared/dates';
import { koboToNaira } from '@coop/shared/money';
import {
  formatStatementCode,
  STATEMENT_CODE_ALPHABET,
  STATEMENT_CODE_LENGTH,
  STATEMENT_VERIFICATION_MESSAGES,
} from '@coop/shared/statement-verification';
import type {
  Statement,
  StatementAccountSummary,
  StatementDownloadQuery,
  StatementQuery,
  Transaction,
  TransactionListQuery,
} from '@coop/shared/transactions';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { koboCell, toCsv, type CsvCell } from '../../lib/csv.js';
import { notFound } from '../../lib/domain-error.js';
import type { ListPage } from '../../lib/list-query.js';
import { pdfAmount, renderPdf, type PdfBlock } from '../../lib/pdf-document.js';
import { accountRepository, MEMBER_ACCOUNTS, type MovementRow } from './account.repository.js';

function accountOf(ledgerAccount: string): TransactionAccount {
  const account = MEMBER_ACCOUNTS[ledgerAccount];
  if (!account) throw new Error(`not a member account: ${ledgerAccount}`);
  return account;
}

export function toTransaction(row: MovementRow): Transaction {
  return {
    id: String(row.entryId),
    transactionId: row.transactionId,
    date: row.effectiveDate,
    type: row.kind,
    account: accountOf(row.ledgerAccount),
    description: row.description,
    amount: koboToNaira(row.change),
    balanceAfter: koboToNaira(row.balanceAfter),
    reference:
      row.referenceType && row.referenceId
        ? { type: row.referenceType, id: row.referenceId }
        : null,
  };
}

/** GET /users/transactions: one page of the member's own movements. */
export async function listTransactions(
  deps: Deps,
  actor: MemberActor,
  query: TransactionListQuery,
): Promise<ListPage<Transaction>> {
  const page = await accountRepository(deps.db).movementPage(actor.user.id, query);
  return { items: page.items.map(toTransaction), pagination: page.pagination };
}

/** A statement in kobo, before it is written as JSON, CSV or PDF. */
interface StatementData {
  member: Statement['member'];
  /** From the member's payroll deduction instruction for the period's last month; null: none. */
  staffNumber: string | null;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  accounts: Array<{
    account: TransactionAccount;
    opening: number;
    increase: number;
    decrease: number;
    closing: number;
  }>;
  movements: MovementRow[];
}

async function statementData(
  deps: Deps,
  actor: MemberActor,
  { startDate, endDate }: StatementQuery,
): Promise<StatementData> {
  const repo = accountRepository(deps.db);
  const userId = actor.user.id;
  const [user, staffNumber, totals, movements] = await Promise.all([
    repo.findUser(userId),
    repo.staffNumberFor(userId, endDate.slice(0, 7)),
    repo.accountTotals(userId, startDate, endDate),
    repo.movementsBetween(userId, startDate, endDate),
  ]);
  if (!user) throw notFound('Member');
  const byAccount = new Map(totals.map((row) => [accountOf(row.ledgerAccount), row]));
  const accounts = TRANSACTION_ACCOUNTS.filter(
    // Savings and shares always; the loan account once the member ever had one.
    (account) => account !== 'loan' || byAccount.has('loan'),
  ).map((account) => {
    const row = byAccount.get(account);
    const opening = row?.opening ?? 0;
    const increase = row?.increase ?? 0;
    const decrease = row?.decrease ?? 0;
    return { account, opening, increase, decrease, closing: opening + increase - decrease };
  });
  return {
    member: {
      firstName: user.firstName,
      lastName: user.lastName,
      membershipId: user.membershipId,
      email: user.email,
    },
    staffNumber,
    startDate,
    endDate,
    generatedAt: deps.clock.now(),
    accounts,
    movements,
  };
}

/** GET /users/statement: the period's movements, oldest first, and each account's balances. */
export async function getStatement(
  deps: Deps,
  actor: MemberActor,
  query: StatementQuery,
): Promise<Statement> {
  const data = await statementData(deps, actor, query);
  return {
    member: data.member,
    startDate: data.startDate,
    endDate: data.endDate,
    generatedAt: data.generatedAt.toISOString(),
    accounts: data.accounts.map((row): StatementAccountSummary => ({
      account: row.account,
      openingBalance: koboToNaira(row.opening),
      totalIncrease: koboToNaira(row.increase),
      totalDecrease: koboToNaira(row.decrease),
      closingBalance: koboToNaira(row.closing),
    })),
    transactions: data.movements.map(toTransaction),
  };
}

export interface DownloadFile {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

function statementCsv(data: StatementData): string {
  const rows: CsvCell[][] = [];
  for (const row of data.accounts) {
    rows.push([
      data.startDate,
      TRANSACTION_ACCOUNT_LABELS[row.account],
      'Opening balance',
      '',
      null,
      koboCell(row.opening),
    ]);
  }
  for (const movement of data.movements) {
    rows.push([
      movement.effectiveDate,
      TRANSACTION_ACCOUNT_LABELS[accountOf(movement.ledgerAccount)],
      TRANSACTION_TYPE_LABELS[movement.kind],
      movement.description,
      koboCell(movement.change),
      koboCell(movement.balanceAfter),
    ]);
  }
  for (const row of data.accounts) {
    rows.push([
      data.endDate,
      TRANSACTION_ACCOUNT_LABELS[row.account],
      'Closing balance',
      '',
      null,
      koboCell(row.closing),
    ]);
  }
  return toCsv(['Date', 'Account', 'Type', 'Description', 'Amount', 'Balance'], rows);
}

/**
 * A new verification code: twelve characters of Crockford's base 32 from 60 random bits. Each
 * byte's low five bits pick a character; 256 is a multiple of 32, so every character is equally
 * likely.
 */
export function newStatementCode(): string {
  return [...randomBytes(STATEMENT_CODE_LENGTH)]
    .map((byte) => STATEMENT_CODE_ALPHABET[byte & 31])
    .join('');
}

function statementPdf(config: Deps['config'], data: StatementData, code: string): Promise<Buffer> {
  const period = `${formatDisplayDate(data.startDate)} to ${formatDisplayDate(data.endDate)}`;
  const printedCode = formatStatementCode(code);
  const blocks: PdfBlock[] = [
    {
      kind: 'facts',
      facts: [
        ['Member', `${data.member.firstName} ${data.member.lastName}`],
        ['Membership ID', data.member.membershipId],
        ...(data.staffNumber ? [['Staff number', data.staffNumber] as const] : []),
        ['E-mail', data.member.email],
        ['Period', period],
        ['Verification code', printedCode],
      ],
    },
    { kind: 'heading', text: 'Summary' },
    {
      kind: 'table',
      columns: [
        { header: 'Account', width: 1.4 },
        { header: 'Opening balance', width: 1.5, align: 'right' },
        { header: 'Money in', width: 1.5, align: 'right' },
        { header: 'Money out', width: 1.5, align: 'right' },
        { header: 'Closing balance', width: 1.5, align: 'right' },
      ],
      rows: data.accounts.map((row) => [
        TRANSACTION_ACCOUNT_LABELS[row.account],
        pdfAmount(row.opening),
        pdfAmount(row.increase),
        pdfAmount(row.decrease),
        pdfAmount(row.closing),
      ]),
    },
    {
      kind: 'paragraph',
      text: 'Savings and share holdings go up with money in. A loan account goes up when a loan is disbursed and down with each repayment.',
    },
    { kind: 'heading', text: 'Transactions' },
    {
      kind: 'table',
      columns: [
        { header: 'Date', width: 1.1 },
        { header: 'Description', width: 2.6 },
        { header: 'Account', width: 1.1 },
        { header: 'Amount', width: 1.4, align: 'right' },
        { header: 'Balance', width: 1.4, align: 'right' },
      ],
      rows: data.movements.map((movement) => [
        formatDisplayDate(movement.effectiveDate),
        `${movement.description} (${TRANSACTION_TYPE_LABELS[movement.kind]})`,
        TRANSACTION_ACCOUNT_LABELS[accountOf(movement.ledgerAccount)],
        pdfAmount(movement.change),
        pdfAmount(movement.balanceAfter),
      ]),
      emptyText: STATEMENT_MESSAGES.noTransactionsInPeriod,
    },
  ];
  return renderPdf({
    issuer: config.cooperative.name,
    title: STATEMENT_MESSAGES.statementTitle,
    subtitle: [
      config.cooperative.address,
      `${config.cooperative.contactPhone} · ${config.cooperative.contactEmail}`,
      period,
      `Generated on ${formatDisplayDateTime(data.generatedAt)} (Lagos time)`,
    ],
    footnote: STATEMENT_VERIFICATION_MESSAGES.pdfFooter(printedCode),
    createdAt: data.generatedAt,
    blocks,
  });
}

const balancesOf = (data: StatementData, account: TransactionAccount) =>
  data.accounts.find((row) => row.account === account);

/** GET /users/statement/download: the statement as a CSV or PDF file. */
export async function downloadStatement(
  deps: Deps,
  actor: MemberActor,
  query: StatementDownloadQuery,
): Promise<DownloadFile> {
  const data = await statementData(deps, actor, query);
  // Counted once the period is known to be valid, before the file is made.
  await claimExport(deps, actor);
  const name = `statement-${data.member.membershipId}-${data.startDate}-to-${data.endDate}`;
  const audited = { format: query.format, startDate: query.startDate, endDate: query.endDate };
  if (query.format === 'csv') {
    await writeAudit(deps.db, actor, {
      action: 'member.statement_downloaded',
      entityType: 'user',
      entityId: actor.user.id,
      after: audited,
    });
    return {
      filename: `${name}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: statementCsv(data),
    };
  }
  // The PDF certifies what it says: its code, balances and fingerprint are recorded with the
  // download's audit row, so an officer can later confirm the paper (docs/business-rules.md
  // "Statement verification").
  const code = newStatementCode();
  const body = await statementPdf(deps.config, data, code);
  const savings = balancesOf(data, 'savings');
  const shares = balancesOf(data, 'share_holding');
  const loan = balancesOf(data, 'loan');
  await deps.db.transaction(async (tx) => {
    const certificateId = await accountRepository(tx).insertStatementCertificate({
      code,
      userId: actor.user.id,
      startDate: data.startDate,
      endDate: data.endDate,
      savingsOpening: savings?.opening ?? 0,
      savingsClosing: savings?.closing ?? 0,
      sharesOpening: shares?.opening ?? 0,
      sharesClosing: shares?.closing ?? 0,
      loanOpening: loan?.opening ?? null,
      loanClosing: loan?.closing ?? null,
      contentSha256: createHash('sha256').update(body).digest('hex'),
      issuedAt: data.generatedAt,
    });
    await writeAudit(tx, actor, {
      action: 'member.statement_downloaded',
      entityType: 'user',
      entityId: actor.user.id,
      after: { ...audited, verificationCode: formatStatementCode(code), certificateId },
    });
  });
  return { filename: `${name}.pdf`, contentType: 'application/pdf', body };
}
