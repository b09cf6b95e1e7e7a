import { zodResolver } from '@hookform/resolvers/zod';
import { resolveDisputeSchema } from '@coop/shared/contributions';

/**
 * The Resolve dispute form's validation: the schema POST /admin/contributions/{id}/resolve
 * checks (loaded lazily), which asks for both amounts when the member was right.
 */
export const resolveDisputeResolver = zodResolver(resolveDisputeSchema);
