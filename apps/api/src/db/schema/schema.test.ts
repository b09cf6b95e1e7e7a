import { OFFICER_ROLES } from '@coop/shared/officers';
import { OFFICER_JOB_KINDS, OFFICER_JOB_STATES } from '@coop/shared/jobs';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES } from '@coop/shared/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTION_STATUSES } from '@coop/shared/contribution-rules';
import {
  GUARANTOR_STATUSES,
  LOAN_STATUSES,
  PAYMENT_METHODS,
  REPAYMENT_STATUSES,
  REPAYMENT_TYPES,
  SCHEDULE_ITEM_STATUSES,
} from '@coop/shared/loans';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_TYPES } from '@coop/shared/withdrawals';
import { DIVIDEND_STATUSES, DIVIDEND_TYPES } from '@coop/shared/dividends';
import { FINE_STATUSES } from '@coop/shared/fines';
import { NOTIFICATION_PRIORITIES } from '@coop/shared/notifications';
import type { DatabaseHandle } from '../client.js';
import { createTestDatabase } from '../../test/database.js';
import {
  contributions,
  dividends,
  fines,
  loanGuarantors,
  loanRepayments,
  loans,
  loanScheduleItems,
  notifications,
  withdrawals,
} from './index.js';
import { OFFICER_ROLE_VALUES } from './users.js';
import { PROPOSAL_KIND_VALUES, PROPOSAL_STATUS_VALUES } from './proposals.js';
import { OFFICER_JOB_KIND_VALUES, OFFICER_JOB_STATE_VALUES } from './system.js';

// drizzle-kit cannot import @coop/shared, so the schema repeats these lists; this keeps them one.
describe('status and type columns', () => {
  it.each([
    ['users.officer_roles', OFFICER_ROLE_VALUES, OFFICER_ROLES],
    ['proposals.kind', PROPOSAL_KIND_VALUES, PROPOSAL_KINDS],
    ['proposals.status', PROPOSAL_STATUS_VALUES, PROPOSAL_STATUSES],
    ['officer_jobs.kind', OFFICER_JOB_KIND_VALUES, OFFICER_JOB_KINDS],
    ['officer_jobs.state', OFFICER_JOB_STATE_VALUES, OFFICER_JOB_STATES],
    ['contributions.status', contributions.status.enumValues, CONTRIBUTION_STATUSES],
    ['loans.status', loans.status.enumValues, LOAN_STATUSES],
    ['loan_guarantors.status', loanGuarantors.status.enumValues, GUARANTOR_STATUSES],
    ['loan_schedule_items.status', loanScheduleItems.status.enumValues, SCHEDULE_ITEM_STATUSES],
    ['loan_repayments.status', loanRepayments.status.enumValues, REPAYMENT_STATUSES],
    ['loan_repayments.payment_method', loanRepayments.paymentMethod.enumValues, PAYMENT_METHODS],
    ['loan_repayments.repayment_type', loanRepayments.repaymentType.enumValues, REPAYMENT_TYPES],
    ['withdrawals.withdrawal_type', withdrawals.withdrawalType.enumValues, WITHDRAWAL_TYPES],
    ['withdrawals.status', withdrawals.status.enumValues, WITHDRAWAL_STATUSES],
    ['dividends.dividend_type', dividends.dividendType.enumValues, DIVIDEND_TYPES],
    ['dividends.status', dividends.status.enumValues, DIVIDEND_STATUSES],
    ['fines.status', fines.status.enumValues, FINE_STATUSES],
    ['notifications.priority', notifications.priority.enumValues, NOTIFICATION_PRIORITIES],
  ])('%s holds exactly the shared list', (_column, inDatabase, shared) => {
    expect([...inDatabase].sort()).toEqual([...shared].sort());
  });
});

describe('database checks', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('refuses a value outside the declared list, whatever the code sends', async () => {
    const insert = handle.db.execute(
      `insert into users (email, membership_id, first_name, last_name, joined_on, officer_roles)
       values ('x@test.coop', 'M9999', 'X', 'Y', '2026-01-01', array['treasurer', 'superuser'])`,
    );
    // Drizzle wraps the driver's error; the database's own words are in its cause.
    const error = await insert.then(
      () => null,
      (err: unknown) => err as { cause?: { message?: string } },
    );
    expect(error?.cause?.message).toMatch(/violates check constraint "users_officer_roles_valid"/);
  });
});
