import { zodResolver } from '@hookform/resolvers/zod';
import { adminIssueFinesSchema } from '@coop/shared/fines';

/** The Issue fine form's validation: the schema POST /admin/fines checks (loaded lazily). */
export const issueFineResolver = zodResolver(adminIssueFinesSchema);
