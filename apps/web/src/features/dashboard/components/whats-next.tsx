import type { CurrentLoan, FinancialSummary, NextUp, SavingsMonth } from '@coop/shared/dashboard';
import {
  guarantorRequestText,
  NEXT_UP_MESSAGES,
  nextInstalmentText,
  overdueText,
} from '@coop/shared/dashboard-rules';
import { heldText } from '@coop/shared/hold-rules';
import { LOAN_LINKS } from '@coop/shared/loan-rules';
import { LOAN_STATUS_DISPLAY } from '@coop/shared/loan-statuses';
import { formatNaira } from '@coop/shared/money';
import { AlertTriangle, CalendarClock, CheckCircle2, Users, Wallet } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LoanTimeline } from '../../../components/loan-timeline';
import { SavingsChart } from '../../../components/savings-chart';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';

function Item({
  icon,
  children,
  action,
  tone = 'default',
}: {
  icon: ReactNode;
  children: ReactNode;
  action?: { to: string; label: string };
  tone?: 'default' | 'danger';
}) {
  return (
    <li
      className={
        tone === 'danger'
          ? 'flex items-start gap-3 rounded-lg border border-destructive/40 bg-danger-soft p-3 text-danger-soft-foreground'
          : 'flex items-start gap-3 rounded-lg border p-3'
      }
    >
      {icon}
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">{children}</div>
      {action ? (
        <Link
          to={action.to}
          className="shrink-0 text-sm font-medium underline underline-offset-4 hover:no-underline"
        >
          {action.label}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * What the member owes or is asked next, first (docs/business-rules.md "What's next"): money
 * already late (in red, with its age in words), the next instalment, a guarantor request waiting
 * for an answer with the day it is expected by; else that nothing is due.
 */
export function WhatsNext({ nextUp }: { nextUp: NextUp | undefined }) {
  const headingId = useId();
  if (!nextUp)
    return (
      <Card role="region" aria-labelledby={headingId} aria-busy="true" className="h-full">
        <CardHeader>
          <CardTitle id={headingId} as="h2" className="text-lg">
            {NEXT_UP_MESSAGES.title}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <span className="inline-block h-10 w-full animate-pulse rounded bg-muted" />
        </CardContent>
      </Card>
    );
  const { overdue, nextInstalment, guarantorRequest } = nextUp;
  const nothing = !overdue && !nextInstalment && !guarantorRequest;
  return (
    <Card role="region" aria-labelledby={headingId} className="h-full">
      <CardHeader>
        <CardTitle id={headingId} as="h2" className="text-lg">
          {NEXT_UP_MESSAGES.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-4">
        {nothing ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
            {NEXT_UP_MESSAGES.nothingDue}
          </p>
        ) : (
          <ul className="grid gap-2">
            {overdue
              ? (() => {
                  const text = overdueText(overdue);
                  return (
                    <Item
                      tone="danger"
                      icon={<AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />}
                      action={{
                        to: LOAN_LINKS.mine(overdue.loanId),
                        label: NEXT_UP_MESSAGES.seeLoan,
                      }}
                    >
                      <p className="font-semibold">{text.what}</p>
                      <p className="font-semibold">{text.age}</p>
                    </Item>
                  );
                })()
              : null}
            {nextInstalment ? (
              <Item
                icon={
                  <CalendarClock
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-primary"
                  />
                }
                action={{
                  to: LOAN_LINKS.mine(nextInstalment.loanId),
                  label: NEXT_UP_MESSAGES.seeLoan,
                }}
              >
                <p className="font-medium">{nextInstalmentText(nextInstalment)}</p>
              </Item>
            ) : null}
            {guarantorRequest
              ? (() => {
                  const text = guarantorRequestText(guarantorRequest);
                  return (
                    <Item
                      icon={
                        <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                      }
                      action={{
                        to: LOAN_LINKS.guaranteed(guarantorRequest.loanId, 'pending'),
                        label: NEXT_UP_MESSAGES.answer,
                      }}
                    >
                      <p className="font-medium">{text.what}</p>
                      <p className="text-muted-foreground">
                        {text.deadline}
                        {text.more ? `, ${text.more}` : ''}
                      </p>
                    </Item>
                  );
                })()
              : null}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The one hero figure: what the member may withdraw now (the available balance: savings less
 * what is held), with each amount held and why (docs/business-rules.md "What's next").
 */
export function AvailableToWithdraw({ summary }: { summary: FinancialSummary | undefined }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="h-full">
      <CardHeader>
        <CardTitle id={headingId} as="h2" className="flex items-center gap-2 text-lg">
          <Wallet aria-hidden="true" className="size-5 text-primary" />
          {NEXT_UP_MESSAGES.heroTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 pt-3">
        <p className="text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl">
          {summary ? (
            formatNaira(summary.availableBalance)
          ) : (
            <span className="inline-block h-9 w-40 animate-pulse rounded bg-muted" />
          )}
        </p>
        {summary ? (
          summary.held.length > 0 ? (
            <ul className="grid gap-1 text-sm text-muted-foreground">
              {summary.held.map((held) => (
                <li key={`${held.account}-${held.reason}`}>{heldText(held)}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{NEXT_UP_MESSAGES.nothingHeld}</p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The member's current loan and its path, while there is one (docs/business-rules.md). */
export function CurrentLoanSummary({ loan }: { loan: CurrentLoan }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId} as="h2" className="text-lg">
            {NEXT_UP_MESSAGES.currentLoanTitle} {loan.loanId}
          </CardTitle>
          <StatusBadge of={LOAN_STATUS_DISPLAY} status={loan.status} />
        </div>
        <p className="text-sm text-muted-foreground">{loan.purpose}</p>
      </CardHeader>
      <CardContent className="grid gap-3 pt-4">
        <LoanTimeline loan={loan} />
        <Link
          to={LOAN_LINKS.mine(loan.loanId)}
          className="justify-self-start text-sm font-medium underline underline-offset-4 hover:no-underline"
        >
          {NEXT_UP_MESSAGES.seeLoan}
        </Link>
      </CardContent>
    </Card>
  );
}

/** Savings over time on the dashboard (the chart, with its table for screen readers). */
export function SavingsOverTime({ months }: { months: readonly SavingsMonth[] }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} as="h2" className="text-lg">
          {NEXT_UP_MESSAGES.chartTitle}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-4">
        <SavingsChart months={months} />
      </CardContent>
    </Card>
  );
}
