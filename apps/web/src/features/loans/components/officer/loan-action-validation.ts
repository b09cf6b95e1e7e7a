import { zodResolver } from '@hookform/resolvers/zod';
import { adminRepaymentSchema, disburseLoanSchema } from '@coop/shared/loans';

/** The loan's forms' validation: the schemas the API checks (loaded lazily, decision 125). */
export const disburseResolver = zodResolver(disburseLoanSchema);
export const repaymentResolver = zodResolver(adminRepaymentSchema);
