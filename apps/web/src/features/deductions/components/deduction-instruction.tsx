import { formatDisplayDate, formatMonth } from '@coop/shared/dates';
import {
  CHANGE_REQUEST_STATUS_DISPLAY,
  DEDUCTION_MESSAGES,
  type ChangeRequest,
  type DeductionInstruction,
  type MyDeductions,
} from '@coop/shared/deductions';
import { formatNaira, koboToNaira, nairaToKobo } from '@coop/shared/money';
import { useId, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { toast } from '../../../lib/toast';
import { useCancelDeductionChange } from '../api/cancel-deduction-change';

function Facts({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="text-right font-medium tabular-nums sm:text-left">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const total = (request: ChangeRequest) =>
  koboToNaira(nairaToKobo(request.savingsAmount) + nairaToKobo(request.shareAmount));

function InstructionFacts({ instruction }: { instruction: DeductionInstruction }) {
  return (
    <Facts
      facts={[
        ['Payroll group', `${instruction.payrollGroup.name} (${instruction.payrollGroup.code})`],
        ['Staff number', instruction.staffNumber],
        ['Savings', formatNaira(instruction.savingsAmount)],
        ['Shares', formatNaira(instruction.shareAmount)],
        ['Monthly total', formatNaira(instruction.totalAmount)],
        ['In effect since', formatMonth(instruction.effectiveMonth)],
      ]}
    />
  );
}

/** The open request: what it asks, from when, waiting for an officer, and the way to withdraw it. */
function OpenRequest({ request }: { request: ChangeRequest }) {
  const cancel = useCancelDeductionChange();
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId}>Your change request</CardTitle>
        <StatusBadge of={CHANGE_REQUEST_STATUS_DISPLAY} status={request.status} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">Waiting for an officer to decide it.</p>
        <Facts
          facts={[
            ['Savings', formatNaira(request.savingsAmount)],
            ['Shares', formatNaira(request.shareAmount)],
            ['Monthly total', formatNaira(total(request))],
            ['Takes effect from', formatMonth(request.effectiveMonth)],
            ['Asked on', formatDisplayDate(request.createdAt)],
          ]}
        />
        <div>
          <ConfirmDialog
            trigger={<Button variant="outline">Cancel request</Button>}
            title="Cancel your change request?"
            description="Your instruction stays as it is. You can ask for a change again afterwards."
            texts={{
              confirm: 'Cancel request',
              pending: 'Cancelling...',
              variant: 'destructive',
              cancel: 'Keep request',
              failure: 'Your change request could not be cancelled',
            }}
            onConfirm={(idempotencyKey) =>
              cancel
                .mutateAsync({ id: request.id, idempotencyKey })
                .then(() => toast.success(DEDUCTION_MESSAGES.changeCancelled))
            }
          />
        </div>
      </CardContent>
    </Card>
  );
}

/** The latest decided request, and why when it was refused. */
function LastDecision({ request }: { request: ChangeRequest }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 text-sm">
      <h3 id={headingId} className="text-base font-semibold">
        Your last change request
      </h3>
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge of={CHANGE_REQUEST_STATUS_DISPLAY} status={request.status} />
        <span>
          Savings {formatNaira(request.savingsAmount)}, shares {formatNaira(request.shareAmount)}{' '}
          from {formatMonth(request.effectiveMonth)}
          {request.decidedAt ? `, decided on ${formatDisplayDate(request.decidedAt)}` : ''}
          {request.status === 'approved' && request.autoApproved ? ' by the policy' : ''}.
        </span>
      </p>
      {request.status === 'rejected' && request.rejectionReason ? (
        <p>
          <span className="text-muted-foreground">Reason: </span>
          {request.rejectionReason}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The instruction in effect (docs/business-rules.md "Payroll deductions"), one set for a later
 * month, the open change request and the last decision on one.
 */
export function DeductionInstructionSummary({ deductions }: { deductions: MyDeductions }) {
  const { current, upcoming, requests } = deductions;
  const open = requests.find((request) => request.status === 'pending');
  const lastDecided = requests.find(
    (request) => request.status === 'approved' || request.status === 'rejected',
  );
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Your instruction</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {current ? (
            <InstructionFacts instruction={current} />
          ) : (
            <p className="text-sm text-muted-foreground">{DEDUCTION_MESSAGES.noInstruction}</p>
          )}
          {upcoming ? (
            <p className="rounded-lg border bg-muted/40 p-3 text-sm">
              From {formatMonth(upcoming.effectiveMonth)}: savings{' '}
              {formatNaira(upcoming.savingsAmount)}, shares {formatNaira(upcoming.shareAmount)}, in
              all {formatNaira(upcoming.totalAmount)} a month.
            </p>
          ) : null}
          {lastDecided ? <LastDecision request={lastDecided} /> : null}
        </CardContent>
      </Card>
      {open ? <OpenRequest request={open} /> : null}
    </div>
  );
}
