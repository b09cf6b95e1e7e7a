import { zodResolver } from '@hookform/resolvers/zod';
import { changeRequestFormSchema } from '@coop/shared/deductions';
import { contextResolver } from '../../../lib/lazy-resolver';

/** What the form's rules depend on: the policy's monthly minimums (naira). */
export type ChangeMinimums = { savings: number; shares: number };

/** The change form's validation: the request's schema with the policy's minimums (loaded lazily). */
export const changeRequestResolver = contextResolver((minimums: ChangeMinimums) =>
  zodResolver(changeRequestFormSchema(minimums)),
);
