import { zodResolver } from '@hookform/resolvers/zod';
import type { Naira } from '@coop/shared/money';
import { withdrawalFormSchema } from '@coop/shared/withdrawals';

/** The withdrawal form's validation: the request's schema plus the balance available (loaded lazily). */
export const withdrawalResolver = (available: Naira) =>
  zodResolver(withdrawalFormSchema(available));
