import { zodResolver } from '@hookform/resolvers/zod';
import { recordRemittanceFormSchema } from '@coop/shared/payroll-remittances';
import { contextResolver } from '../../../../lib/lazy-resolver';

/** What the form's rules depend on: the month the money is for, and today. */
export type RemittanceFormContext = { month: string; today: string };

/**
 * The Record remittance form's validation: the API's own rules for the amount and the reference,
 * and the window of the date received (loaded lazily, decision 125). The month and today come in
 * the form's context.
 */
export const remittanceResolver = contextResolver(({ month, today }: RemittanceFormContext) =>
  zodResolver(recordRemittanceFormSchema(month, today)),
);
