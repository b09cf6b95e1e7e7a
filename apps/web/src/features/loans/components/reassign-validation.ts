import { zodResolver } from '@hookform/resolvers/zod';
import { reassignGuarantorSchema } from '@coop/shared/guarantors';

/** The reassignment's validation, the API's own (loaded lazily, docs/decisions/125-forms.md). */
export const reassignResolver = zodResolver(
  reassignGuarantorSchema.pick({ newGuarantorUserId: true }),
);
