import type { PendingAction } from '@coop/shared/dashboard';
import { DASHBOARD_MESSAGES } from '@coop/shared/dashboard-rules';
import { deadlineLabel, toIsoDateInTimeZone } from '@coop/shared/dates';
import {
  Banknote,
  CheckCircle2,
  ClipboardCheck,
  FileSignature,
  Receipt,
  ShieldCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { WidgetRetry } from './widget-retry';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';

const TYPES: Record<
  PendingAction['type'],
  { label: string; icon: LucideIcon; variant: BadgeProps['variant'] }
> = {
  contribution_confirm: { label: 'Contribution', icon: ShieldCheck, variant: 'info' },
  guarantor_request: { label: 'Guarantor', icon: Users, variant: 'secondary' },
  loan_document: { label: 'Loan', icon: FileSignature, variant: 'secondary' },
  fine_payment: { label: 'Fine', icon: Receipt, variant: 'danger' },
  loan_review: { label: 'Review', icon: ClipboardCheck, variant: 'info' },
  loan_repayment: { label: 'Repayment', icon: Banknote, variant: 'danger' },
  payroll_variance: { label: 'Payroll', icon: Banknote, variant: 'warning' },
};

function deadlineVariant(label: string): BadgeProps['variant'] {
  if (label === 'Overdue') return 'danger';
  if (label === 'Due Today' || label === 'Due Tomorrow') return 'warning';
  return 'outline';
}

type PendingActionsProps = {
  actions: PendingAction[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Asks for the dashboard again after a failure (the widget shows Retry). */
  onRetry?: () => void;
  isRetrying?: boolean;
  /** Today in the cooperative's time zone; a prop so tests can fix it. */
  today?: string;
};

/** docs/member-portal.md §2 Pending Actions panel in its four states. */
export default function PendingActions({
  actions,
  isPending,
  isError,
  onRetry,
  isRetrying = false,
  today = toIsoDateInTimeZone(new Date()),
}: PendingActionsProps) {
  const count = actions?.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Pending Actions</CardTitle>
          {!isPending && !isError && count > 0 ? (
            <Badge variant="destructive" aria-label={`${count} pending`}>
              {count}
            </Badge>
          ) : null}
        </div>
        {!isPending && !isError && count > 0 ? (
          <CardDescription>{DASHBOARD_MESSAGES.pendingSubtitle}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading pending actions" />
          </div>
        ) : isError ? (
          <div className="grid gap-3">
            <p role="alert" className="text-sm text-destructive">
              {DASHBOARD_MESSAGES.pendingFailed}
            </p>
            {onRetry ? <WidgetRetry onRetry={onRetry} isRetrying={isRetrying} /> : null}
          </div>
        ) : count === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <CheckCircle2 aria-hidden="true" className="size-10 text-success" />
            <p className="font-semibold">{DASHBOARD_MESSAGES.allCaughtUp}</p>
            <p className="text-sm text-muted-foreground">{DASHBOARD_MESSAGES.noPendingActions}</p>
          </div>
        ) : (
          <ul className="grid gap-3">
            {actions?.map((action) => {
              const type = TYPES[action.type];
              const Icon = type.icon;
              const due = action.deadline ? deadlineLabel(action.deadline, today) : null;
              return (
                <li
                  key={`${action.type}-${action.id}`}
                  className="grid gap-2 rounded-lg border p-3"
                >
                  <div className="flex items-start gap-3">
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <div className="grid min-w-0 flex-1 gap-1">
                      <p className="font-medium">{action.description}</p>
                      <p className="text-sm text-muted-foreground">{action.actionRequired}</p>
                      <div className="flex flex-wrap gap-1">
                        <Badge variant={type.variant}>{type.label}</Badge>
                        {due ? <Badge variant={deadlineVariant(due)}>{due}</Badge> : null}
                      </div>
                    </div>
                  </div>
                  <Button asChild size="sm" className="justify-self-end">
                    <Link to={action.actionUrl}>{DASHBOARD_MESSAGES.takeAction}</Link>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
