import { zodResolver } from '@hookform/resolvers/zod';
import { policyFormSchema } from '@coop/shared/policy';

/** The Policy form's validation, the policy's own rules (loaded lazily, decision 125). */
export const policyResolver = zodResolver(policyFormSchema);
