import { loanStatusLabel } from '@coop/shared/loan-rules';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

const VARIANTS: Record<string, BadgeProps['variant']> = {
  pending: 'warning',
  under_review: 'info',
  approved: 'success',
  rejected: 'danger',
  disbursed: 'info',
  repaid: 'success',
  defaulted: 'destructive',
  accepted: 'success',
  paid: 'success',
  partial: 'info',
  overdue: 'danger',
  confirmed: 'success',
};

/** A loan, guarantor, instalment or repayment status as a badge. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANTS[status] ?? 'muted'}>{loanStatusLabel(status)}</Badge>;
}
