import type { AdminMember } from '@coop/shared/admin';
import { Badge } from '../../../components/ui/badge';

/** A member's account state: active, suspended, or still to activate. */
export function MemberStatusBadge({
  member,
}: {
  member: Pick<AdminMember, 'isActive' | 'isActivated'>;
}) {
  if (!member.isActive) return <Badge variant="danger">Suspended</Badge>;
  if (!member.isActivated) return <Badge variant="warning">Not activated</Badge>;
  return <Badge variant="success">Active</Badge>;
}

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
