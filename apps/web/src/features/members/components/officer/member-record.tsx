import { FINE_STATUS_DISPLAY } from '@coop/shared/fine-rules';
import { WITHDRAWAL_STATUS_DISPLAY } from '@coop/shared/withdrawal-rules';
import { GUARANTOR_STATUS_DISPLAY, LOAN_STATUS_DISPLAY } from '@coop/shared/loan-rules';
import { CONTRIBUTION_STATUS_DISPLAY } from '@coop/shared/contribution-rules';
import { AUDIT_MESSAGES } from '@coop/shared/audit-words';
import { MEMBER_MESSAGES, MEMBER_STATUS_DISPLAY } from '@coop/shared/member-rules';
import { formatPhone } from '@coop/shared/phone';
import type { AdminMember, AdminMemberDetail } from '@coop/shared/members';
import { formatDisplayDate, formatDisplayDateTime, formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { OFFICER_ROLE_LABELS } from '@coop/shared/officers';
import type { ReactNode } from 'react';
import { toast } from '../../../../lib/toast';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Label } from '../../../../components/ui/label';
import { failureMessage } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth-store';
import { useEndMemberSessions } from '../../api/end-member-sessions';
import { useReactivateMember } from '../../api/reactivate-member';
import { useResendActivation } from '../../api/resend-activation';
import { useSetMemberFlags } from '../../api/set-member-flags';
import { useSuspendMember } from '../../api/suspend-member';
import { EditMemberDialog } from './member-form-dialog';
// The record's recent rows carry their status as a string (members.ts); each is its domain's.
import type { FineStatus } from '@coop/shared/fine-rules';
import type { GuarantorStatus, LoanStatus } from '@coop/shared/loan-rules';
import { memberStatus } from '@coop/shared/member-rules';
import type { WithdrawalStatus } from '@coop/shared/withdrawal-rules';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { decisionTrigger, toastAnswer } from '../../../../components/dialogs/form-dialog';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';
import { RecordSection } from '../../../../components/list/record-section';

type Record_ = AdminMemberDetail;

/** A row of one of the record's lists of latest rows. */
type Recent<K extends 'contributions' | 'loans' | 'guarantees' | 'withdrawals' | 'fines'> =
  Record_[K]['items'][number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** 'End all sessions' (decision 082): every sign-in of the member ends; the password stays. */
function EndSessionsDialog({ member }: { member: AdminMember }) {
  const endSessions = useEndMemberSessions();
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <ConfirmDialog
      trigger={decisionTrigger({
        label: 'End all sessions',
        context: `of ${name}`,
        variant: 'outline',
        inActionBar: true,
      })}
      title="End all sessions"
      description={`${name} will be signed out on every device at once and must sign in again. Their password does not change. They get an e-mail saying so.`}
      texts={{
        confirm: 'End all sessions',
        pending: 'Ending sessions...',
        failure: 'The sessions could not be ended',
      }}
      onConfirm={(key) =>
        endSessions.mutateAsync({ id: member.id, idempotencyKey: key }).then(toastAnswer)
      }
    />
  );
}

function MemberActions({ member }: { member: AdminMember }) {
  const isSelf = useAuth().user?.id === member.id;
  const actions = {
    suspend: useSuspendMember(),
    reactivate: useReactivateMember(),
    'resend-activation': useResendActivation(),
  };
  const busy = Object.values(actions).some((action) => action.isPending);
  const flags = useSetMemberFlags();
  const run = (kind: keyof typeof actions) =>
    void actions[kind].mutateAsync(member.id).then(
      ({ message }) => toast.success(message ?? MEMBER_MESSAGES.memberUpdated),
      (error: unknown) =>
        toast.error('Error', { description: failureMessage(error, 'The action failed') }),
    );
  const setFlag = (name: 'isLoanReviewer' | 'isExco', value: boolean) =>
    void flags.mutateAsync({ id: member.id, values: { [name]: value } }).then(
      // An officer's flags become a proposal: the server's message says so.
      ({ message }) => toast.success(message ?? MEMBER_MESSAGES.flagsUpdated),
      (error: unknown) =>
        toast.error('Error', {
          description: failureMessage(error, 'The roles could not be saved'),
        }),
    );
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap gap-2">
        <EditMemberDialog member={member} />
        {member.isActivated ? null : (
          <Button variant="outline" disabled={busy} onClick={() => run('resend-activation')}>
            Resend activation
          </Button>
        )}
        {member.isActivated ? <EndSessionsDialog member={member} /> : null}
        {member.isActive ? (
          <Button variant="destructive" disabled={busy} onClick={() => run('suspend')}>
            Suspend
          </Button>
        ) : (
          <Button disabled={busy} onClick={() => run('reactivate')}>
            Reactivate
          </Button>
        )}
      </div>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-3">
        <legend className="mb-2 text-sm font-medium">Roles</legend>
        {(
          [
            ['isLoanReviewer', 'Loan reviewer'],
            ['isExco', 'Exco member'],
          ] as const
        ).map(([name, label]) => (
          <div key={name} className="flex items-center gap-2">
            <Checkbox
              id={`flag-${name}`}
              checked={member[name]}
              // Nobody changes their own flags (docs/officers.md "Separation of duties").
              disabled={flags.isPending || isSelf}
              onCheckedChange={(checked) => setFlag(name, checked === true)}
            />
            <Label htmlFor={`flag-${name}`}>{label}</Label>
          </div>
        ))}
      </fieldset>
    </div>
  );
}

/**
 * A member's page in the back office: who they are, what they hold, everything that happened.
 * `deductions` is the payroll area's section of the member (their deduction instruction), drawn
 * under the balances by the route, which composes the two features.
 */
export function MemberRecord({ record, deductions }: { record: Record_; deductions?: ReactNode }) {
  const { member, balances } = record;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>Details</CardTitle>
            <StatusBadge of={MEMBER_STATUS_DISPLAY} status={memberStatus(member)} />
            {member.roles.map((role) => (
              <Badge key={role} variant="info">
                {OFFICER_ROLE_LABELS[role]}
              </Badge>
            ))}
          </div>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label="Membership ID">{member.membershipId}</Fact>
            <Fact label="Email">{member.email}</Fact>
            <Fact label="Phone">
              {member.phoneNumber ? formatPhone(member.phoneNumber) : 'None'}
            </Fact>
            <Fact label="Joined">{formatDisplayDate(member.joinedOn)}</Fact>
          </dl>
          <MemberActions member={member} />
        </CardContent>
      </Card>

      <section aria-labelledby="balances-heading" className="grid grid-cols-1 gap-3">
        <h2 id="balances-heading" className="text-lg font-semibold">
          Balances
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {(
            [
              ['Savings', balances.savings],
              ['Share Holdings', balances.shares],
              ['Available', balances.available],
              ['Frozen', balances.frozen],
              ['Outstanding loans', balances.outstandingLoans],
            ] as const
          ).map(([label, amount]) => (
            <div key={label} className="rounded-xl border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatNaira(amount)}</dd>
            </div>
          ))}
        </dl>
      </section>

      {deductions}

      <RecordSection<Recent<'contributions'>>
        title="Contributions"
        rows={record.contributions.items}
        total={record.contributions.total}
        label={(row) => `${formatMonth(row.contributionMonth)} contribution`}
        empty="No contributions found"
        columns={[
          { id: 'month', header: 'Month', cell: (row) => formatMonth(row.contributionMonth) },
          moneyColumn('savings', 'Savings', (row) => row.savingsAmount),
          moneyColumn('shares', 'Share Holdings', (row) => row.shareHoldingAmount),
          moneyColumn('total', 'Total', (row) => row.totalAmount),
          statusColumn(CONTRIBUTION_STATUS_DISPLAY, (row) => row.status),
        ]}
      />
      <RecordSection<Recent<'loans'>>
        title="Loans"
        rows={record.loans.items}
        total={record.loans.total}
        label={(row) => `Loan ${row.loanId}`}
        empty="No loans found"
        columns={[
          { id: 'loanId', header: 'Loan ID', cell: (row) => row.loanId },
          {
            id: 'purpose',
            header: 'Purpose',
            cell: (row) => <span className="whitespace-normal">{row.purpose}</span>,
          },
          moneyColumn('amount', 'Amount', (row) => row.requestedAmount),
          moneyColumn('outstanding', 'Outstanding', (row) => row.outstandingBalance),
          { id: 'date', header: 'Date', cell: (row) => formatDisplayDate(row.requestDate) },
          statusColumn(LOAN_STATUS_DISPLAY, (row) => row.status as LoanStatus),
        ]}
      />
      <RecordSection<Recent<'guarantees'>>
        title="Guarantees"
        rows={record.guarantees.items}
        total={record.guarantees.total}
        label={(row) => `Guarantee of loan ${row.loanId}`}
        empty="No guarantees found"
        columns={[
          { id: 'loanId', header: 'Loan ID', cell: (row) => row.loanId },
          { id: 'borrower', header: 'Borrower', cell: (row) => row.borrowerName },
          moneyColumn('amount', 'Guarantee', (row) => row.guaranteeAmount),
          moneyColumn('frozen', 'Frozen', (row) => row.frozenAmount),
          statusColumn(GUARANTOR_STATUS_DISPLAY, (row) => row.status as GuarantorStatus),
        ]}
      />
      <RecordSection<Recent<'withdrawals'>>
        title="Withdrawals"
        rows={record.withdrawals.items}
        total={record.withdrawals.total}
        label={(row) => `Withdrawal of ${formatDisplayDate(row.requestDate)}`}
        empty="No withdrawal requests"
        columns={[
          {
            id: 'type',
            header: 'Type',
            cell: (row) => (row.withdrawalType === 'savings' ? 'Savings' : 'Share Holding'),
          },
          moneyColumn('amount', 'Amount', (row) => row.requestedAmount),
          { id: 'date', header: 'Requested', cell: (row) => formatDisplayDate(row.requestDate) },
          statusColumn(WITHDRAWAL_STATUS_DISPLAY, (row) => row.status as WithdrawalStatus),
        ]}
      />
      <RecordSection<Recent<'fines'>>
        title="Fines"
        rows={record.fines.items}
        total={record.fines.total}
        label={(row) => `Fine: ${row.reason}`}
        empty="No fines found"
        columns={[
          {
            id: 'reason',
            header: 'Reason',
            cell: (row) => <span className="whitespace-normal">{row.reason}</span>,
          },
          moneyColumn('amount', 'Amount', (row) => row.amount),
          { id: 'date', header: 'Fine date', cell: (row) => formatDisplayDate(row.fineDate) },
          statusColumn(FINE_STATUS_DISPLAY, (row) => row.status as FineStatus),
        ]}
      />
      <RecordSection
        title="Audit trail"
        rows={record.audit.items}
        total={record.audit.total}
        label={(row) => `${row.action} on ${formatDisplayDateTime(row.occurredAt)}`}
        empty={AUDIT_MESSAGES.empty}
        columns={[
          { id: 'when', header: 'When', cell: (row) => formatDisplayDateTime(row.occurredAt) },
          { id: 'actor', header: 'By', cell: (row) => row.actor?.name ?? 'System' },
          {
            id: 'action',
            header: 'Action',
            cell: (row) => <code className="text-xs">{row.action}</code>,
          },
        ]}
      />
    </div>
  );
}
