import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { ledgerTransactions } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { insertLedgerTestMember } from '../../test/ledger-members.js';
import { DomainError } from '../../lib/domain-error.js';
import {
  findHoldMismatches,
  findProjectionMismatches,
  getMemberLedgerBalances,
  LedgerPostingError,
  postLedgerTransaction,
  postLedgerTransactions,
  type LedgerPosting,
  type MemberLedgerBalances,
} from './ledger.service.js';

const MEMBERS = 4;

let handle: DatabaseHandle;
let db: Database;
const members: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  for (let i = 0; i < MEMBERS; i += 1) members.push(await insertLedgerTestMember(db, `m${i}`));
});

afterAll(async () => {
  await handle.close();
});

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const kobo = fc.integer({ min: 1, max: 5_000_000 });

type Operation =
  | { type: 'contribution'; member: number; savings: number; shares: number }
  | {
      type: 'withdrawal';
      member: number;
      account: 'member_savings' | 'member_shares';
      amount: number;
    }
  | {
      type: 'adjustment';
      member: number;
      account: 'member_savings' | 'member_shares';
      amount: number;
    }
  | { type: 'transfer'; from: number; to: number; amount: number }
  | { type: 'unbalanced'; member: number; amount: number; off: number }
  | { type: 'batchEndingUnbalanced'; member: number; amounts: number[]; together: boolean }
  | { type: 'payroll'; lines: { member: number; savings: number }[] };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    type: fc.constant('contribution' as const),
    member,
    savings: fc.oneof(fc.constant(0), kobo),
    shares: fc.oneof(fc.constant(0), kobo),
  }),
  fc.record({
    type: fc.constant('withdrawal' as const),
    member,
    account: fc.constantFrom('member_savings' as const, 'member_shares' as const),
    amount: kobo,
  }),
  fc.record({
    type: fc.constant('adjustment' as const),
    member,
    account: fc.constantFrom('member_savings' as const, 'member_shares' as const),
    amount: fc.integer({ min: -2_000_000, max: 2_000_000 }).filter((n) => n !== 0),
  }),
  fc.record({ type: fc.constant('transfer' as const), from: member, to: member, amount: kobo }),
  fc.record({
    type: fc.constant('unbalanced' as const),
    member,
    amount: kobo,
    off: fc.integer({ min: -1000, max: 1000 }).filter((n) => n !== 0),
  }),
  fc.record({
    type: fc.constant('batchEndingUnbalanced' as const),
    member,
    amounts: fc.array(kobo, { minLength: 1, maxLength: 4 }),
    together: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('payroll' as const),
    lines: fc.array(fc.record({ member, savings: kobo }), { minLength: 1, maxLength: 6 }),
  }),
);

const FIELD = { member_savings: 'savings', member_shares: 'shares' } as const;

function posting(entries: LedgerPosting['entries'], kind: LedgerPosting['kind']): LedgerPosting {
  return { kind, description: `property ${kind}`, effectiveDate: '2025-06-30', entries };
}

/** The postings an operation makes, and the balance change each member should see. */
function plan(op: Operation): { postings: LedgerPosting[]; valid: boolean; together?: boolean } {
  const id = (i: number) => members[i] ?? '';
  switch (op.type) {
    case 'contribution': {
      const legs: LedgerPosting['entries'][number][] = [];
      if (op.savings > 0)
        legs.push({ account: 'member_savings', userId: id(op.member), amount: -op.savings });
      if (op.shares > 0)
        legs.push({ account: 'member_shares', userId: id(op.member), amount: -op.shares });
      const total = op.savings + op.shares;
      return {
        postings: [posting([{ account: 'coop_bank', amount: total }, ...legs], 'contribution')],
        valid: total > 0,
      };
    }
    case 'withdrawal':
      return {
        postings: [
          posting(
            [
              { account: op.account, userId: id(op.member), amount: op.amount },
              { account: 'coop_bank', amount: -op.amount },
            ],
            'withdrawal',
          ),
        ],
        valid: true,
      };
    case 'adjustment':
      return {
        postings: [
          posting(
            [
              { account: op.account, userId: id(op.member), amount: -op.amount },
              { account: 'coop_adjustments', amount: op.amount },
            ],
            'adjustment',
          ),
        ],
        valid: true,
      };
    case 'transfer':
      return {
        postings: [
          posting(
            [
              { account: 'member_savings', userId: id(op.from), amount: op.amount },
              { account: 'member_savings', userId: id(op.to), amount: -op.amount },
            ],
            'adjustment',
          ),
        ],
        valid: true,
      };
    case 'unbalanced':
      return {
        postings: [
          posting(
            [
              { account: 'coop_bank', amount: op.amount + op.off },
              { account: 'member_savings', userId: id(op.member), amount: -op.amount },
            ],
            'contribution',
          ),
        ],
        valid: false,
      };
    case 'batchEndingUnbalanced':
      return {
        postings: [
          ...op.amounts.map((amount) =>
            posting(
              [
                { account: 'coop_bank', amount },
                { account: 'member_savings', userId: id(op.member), amount: -amount },
              ],
              'contribution',
            ),
          ),
          posting(
            [
              { account: 'coop_bank', amount: 1 },
              { account: 'member_savings', userId: id(op.member), amount: -2 },
            ],
            'contribution',
          ),
        ],
        valid: false,
        together: op.together,
      };
    case 'payroll':
      return {
        postings: op.lines.map((line) =>
          posting(
            [
              { account: 'coop_bank', amount: line.savings },
              { account: 'member_savings', userId: id(line.member), amount: -line.savings },
            ],
            'contribution',
          ),
        ),
        valid: true,
        together: true,
      };
  }
}

/** Applies a plan to the model; returns false (model untouched) when a balance would go negative. */
function applyToModel(
  model: Map<string, MemberLedgerBalances>,
  postings: LedgerPosting[],
): boolean {
  const next = new Map([...model].map(([k, v]) => [k, { ...v }]));
  for (const p of postings) {
    for (const entry of p.entries) {
      if (!entry.userId) continue;
      const balances = next.get(entry.userId);
      if (!balances) throw new Error('unknown member in model');
      const field = FIELD[entry.account as keyof typeof FIELD];
      balances[field] -= entry.amount;
    }
  }
  for (const balances of next.values()) {
    if (balances.savings < 0 || balances.shares < 0 || balances.loans < 0) return false;
  }
  for (const [k, v] of next) model.set(k, v);
  return true;
}

async function transactionCount(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ledgerTransactions);
  return row?.n ?? 0;
}

describe('ledger property', () => {
  it('any sequence of postings keeps projection == ledger, and refused ones leave no trace', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 15 }), async (ops) => {
        const model = new Map<string, MemberLedgerBalances>();
        for (const id of members) {
          const balances = await getMemberLedgerBalances(db, id);
          if (!balances) throw new Error('missing balance row');
          model.set(id, balances);
        }
        let expectedTransactions = await transactionCount();

        for (const op of ops) {
          const { postings, valid, together } = plan(op);
          const run = db.transaction(async (tx) => {
            if (together) await postLedgerTransactions(tx, postings);
            else for (const p of postings) await postLedgerTransaction(tx, p);
          });
          const accepted = valid && applyToModel(model, postings);
          if (accepted) {
            await run;
            expectedTransactions += postings.length;
          } else {
            const error = await run.then(
              () => null,
              (err: unknown) => err,
            );
            if (valid) expect(error).toMatchObject({ code: 'LEDGER_NEGATIVE_BALANCE' });
            else expect(error).toBeInstanceOf(LedgerPostingError);
            expect(error instanceof DomainError || error instanceof LedgerPostingError).toBe(true);
          }
        }

        expect(await transactionCount()).toBe(expectedTransactions);
        for (const id of members)
          expect(await getMemberLedgerBalances(db, id)).toEqual(model.get(id));
        expect(await findProjectionMismatches(db)).toEqual([]);
        expect(await findHoldMismatches(db)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
