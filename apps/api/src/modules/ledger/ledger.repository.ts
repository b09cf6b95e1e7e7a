import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { ledgerTransactions } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

/** A business row that caused postings: its kind and its ids (`loan`, `loan_repayment`…). */
export interface PostingReference {
  referenceType: string;
  referenceIds: readonly string[];
}

/** The ledger's reads for other modules; the posting path stays in ledger.service.ts. */
export function ledgerRepository(db: Executor) {
  return {
    /**
     * The transactions these business rows caused, oldest first, each with what it moved on
     * `account` (a member account: its entries summed).
     */
    transactionsAbout(references: readonly PostingReference[], account: string) {
      const about = references
        .filter((reference) => reference.referenceIds.length > 0)
        .map((reference) =>
          and(
            eq(ledgerTransactions.referenceType, reference.referenceType),
            inArray(ledgerTransactions.referenceId, [...reference.referenceIds]),
          ),
        );
      if (about.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          description: ledgerTransactions.description,
          effectiveDate: ledgerTransactions.effectiveDate,
          createdAt: ledgerTransactions.createdAt,
          amount: sql<string>`coalesce((select sum(e.amount) from ledger_entries e where e.transaction_id = ledger_transactions.id and e.account = ${account}), 0)`,
        })
        .from(ledgerTransactions)
        .where(or(...about))
        .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id));
    },
  };
}
