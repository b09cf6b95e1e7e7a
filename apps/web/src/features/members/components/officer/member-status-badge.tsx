import type { AdminMember } from '@coop/shared/admin';
import { Badge } from '../../../../components/ui/badge';

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
