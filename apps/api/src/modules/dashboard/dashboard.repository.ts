import type { Executor } from '../../db/client.js';
import { readMemberBalance } from '../../lib/ledger.js';

export function dashboardRepository(db: Executor) {
  return {
    /** The member's balance projection (decision 030), one indexed row. */
    balances: (userId: string) => readMemberBalance(db, userId),
  };
}
