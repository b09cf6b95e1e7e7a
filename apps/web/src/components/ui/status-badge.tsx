import { Badge } from './badge';

const STATUS_VARIANTS: Record<string, 'success' | 'warning' | 'danger' | 'info' | 'muted'> = {
  pending: 'warning',
  confirmed: 'success',
  disputed: 'danger',
  resolved: 'info',
  approved: 'success',
  rejected: 'danger',
  disbursed: 'info',
  repaid: 'success',
  defaulted: 'danger',
  under_review: 'warning',
  accepted: 'success',
  paid: 'success',
  waived: 'muted',
  verified: 'success',
  expired: 'muted',
};

const label = (status: string) =>
  status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');

/** Any record's status, coloured by what it means. */
export function StatusBadge({ status, text }: { status: string; text?: string }) {
  return <Badge variant={STATUS_VARIANTS[status] ?? 'muted'}>{text ?? label(status)}</Badge>;
}
