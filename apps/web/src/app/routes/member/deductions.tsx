import { DEDUCTION_MESSAGES } from '@coop/shared/deductions';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { useId } from 'react';
import { Page } from '../../../components/layouts/page';
import { QueryState } from '../../../components/list/query-state';
import { useMyDeductions } from '../../../features/deductions/api/get-my-deductions';
import { ChangeRequestDialog } from '../../../features/deductions/components/change-request-dialog';
import { DeductionInstructionSummary } from '../../../features/deductions/components/deduction-instruction';
import {
  DEDUCTION_MONTH_LIST_CONFIG,
  DeductionMonthsList,
} from '../../../features/deductions/components/deduction-months-list';
import { failureMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/use-list-params';

/**
 * My payroll deductions (docs/business-rules.md "Payroll deductions"): the instruction the
 * employer deducts by, a change to it, and each posted month against it. The months' page lives
 * in the URL (docs/decisions/128-list-pages-route-owns-state.md).
 */
export default function DeductionsRoute() {
  const deductions = useMyDeductions();
  const list = useListParams(DEDUCTION_MONTH_LIST_CONFIG);
  const monthsHeading = useId();
  const mine = deductions.data?.data;
  const open = mine?.requests.some((request) => request.status === 'pending') ?? false;
  // The change is measured against the instruction of the month it would start in: one already
  // set for that month (or earlier) rather than today's.
  const base =
    mine?.upcoming && mine.upcoming.effectiveMonth <= mine.policy.nextChangeMonth
      ? mine.upcoming
      : mine?.current;
  return (
    <Page
      title={DEDUCTION_MESSAGES.pageTitle}
      description={DEDUCTION_MESSAGES.pageDescription}
      actions={
        mine && base && !open ? (
          <ChangeRequestDialog instruction={base} terms={mine.policy} />
        ) : null
      }
    >
      <QueryState
        isPending={deductions.isPending}
        errorMessage={
          deductions.isError
            ? failureMessage(deductions.error, FALLBACK_MESSAGES.fetchDeductions)
            : null
        }
        onRetry={() => void deductions.refetch()}
        isEmpty={false}
        emptyMessage=""
        loadingLabel="Loading your payroll deductions"
      >
        {mine ? <DeductionInstructionSummary deductions={mine} /> : null}
      </QueryState>
      <section aria-labelledby={monthsHeading} className="grid grid-cols-1 gap-3">
        <h2 id={monthsHeading} className="text-lg font-semibold">
          Payroll months
        </h2>
        <DeductionMonthsList list={list} />
      </section>
    </Page>
  );
}
