import type { ContributionStatus } from '@coop/shared/contribution-rules';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

export const CONTRIBUTION_STATUS_LABELS: Record<ContributionStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  disputed: 'Disputed',
  resolved: 'Resolved',
};

const statusVariant: Record<ContributionStatus, BadgeProps['variant']> = {
  pending: 'warning',
  confirmed: 'success',
  disputed: 'danger',
  resolved: 'info',
};

export function ContributionStatusBadge({ status }: { status: ContributionStatus }) {
  return <Badge variant={statusVariant[status]}>{CONTRIBUTION_STATUS_LABELS[status]}</Badge>;
}
