import { zodResolver } from '@hookform/resolvers/zod';
import type { Naira } from '@coop/shared/money';
import { withdrawalFormSchema } from '@coop/shared/withdrawals';
import { contextResolver } from '../../../lib/lazy-resolver';

/** What the form's rules depend on: the balance the request may take. */
export type WithdrawalFormContext = { available: Naira };

/** The withdrawal form's validation: the request's schema plus the balance available (loaded lazily). */
export const withdrawalResolver = contextResolver(({ available }: WithdrawalFormContext) =>
  zodResolver(withdrawalFormSchema(available)),
);
