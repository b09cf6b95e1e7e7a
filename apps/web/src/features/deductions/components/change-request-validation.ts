import { zodResolver } from '@hookform/resolvers/zod';
import { changeRequestFormSchema } from '@coop/shared/deductions';

/** The change form's validation: the request's schema with the policy's minimums (loaded lazily). */
export const changeRequestResolver = (minimums: { savings: number; shares: number }) =>
  zodResolver(changeRequestFormSchema(minimums));
