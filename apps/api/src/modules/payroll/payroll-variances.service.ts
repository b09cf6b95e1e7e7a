/**
 * Variances reach the member (docs/decisions/150-payroll-cycle.md, 155-payroll-actuals.md): a
 * member whose payroll month was short, over, missing or unexpected gets a notification and a
 * pending action that explain it in naira and open the contributions page, where the
 * confirm/dispute flow answers it.
 */
import { CONTRIBUTION_CONFIRM_WITHIN_DAYS } from '@coop/shared/constants';
import { addDays, formatMonth } from '@coop/shared/dates';
import {
  PAYROLL_VARIANCE_ACTIONS,
  payrollVarianceSentence,
  type PayrollVarianceKind,
} from '@coop/shared/payroll-rules';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../lib/actor.js';
import type { PendingActionSource } from '../../lib/dashboard-seam.js';
import { sendMessages } from '../notifications/notifications.service.js';
import { pendingContributionIds } from '../contributions/contributions.service.js';
import { variancePendingSql } from './payroll-actuals.repository.js';

type Variance = Exclude<PayrollVarianceKind, 'matched'>;

/** Inside the posting's transaction: one notification per member with a variance. */
export async function notifyPayrollVariances(
  deps: Deps,
  actor: Actor,
  month: string,
  variances: ReadonlyArray<{
    userId: string;
    kind: PayrollVarianceKind;
    expected: number;
    deducted: number;
  }>,
): Promise<void> {
  await sendMessages(
    deps.db,
    deps,
    actor,
    variances.flatMap(({ userId, kind, expected, deducted }) =>
      kind === 'matched'
        ? []
        : [
            {
              userId,
              template: 'payrollVariance' as const,
              facts: { month, kind, expected, deducted },
            },
          ],
    ),
  );
}

/**
 * Dashboard seam: each variance of a posted month asks the member to check it, while the month's
 * contribution waits for confirmation, and for CONTRIBUTION_CONFIRM_WITHIN_DAYS after posting when
 * there is no contribution (missing). Row: the kind, the deducted total in `amount_kobo`, the
 * month in `label`, the posting day in `detail`, the expected total in `extra`.
 */
export const payrollVariancePendingActions: PendingActionSource = {
  key: 'payroll-variances',
  fragment: (member, today) =>
    variancePendingSql(
      member.id,
      today,
      pendingContributionIds(member.id),
      CONTRIBUTION_CONFIRM_WITHIN_DAYS,
    ),
  map: (row) => {
    const kind = row.kind as Variance;
    return {
      id: row.id,
      type: 'payroll_variance',
      description: payrollVarianceSentence(
        kind,
        formatMonth(row.label ?? ''),
        Number(row.extra ?? 0),
        row.amountKobo ?? 0,
      ),
      actionRequired: PAYROLL_VARIANCE_ACTIONS[kind],
      deadline: addDays(row.detail ?? '', CONTRIBUTION_CONFIRM_WITHIN_DAYS),
      actionUrl: '/contributions',
    };
  },
  group: (rows) => ({
    description: `${rows.length} payroll months differ from your instruction`,
    actionRequired: 'Check each deduction, then confirm or dispute it',
  }),
};
