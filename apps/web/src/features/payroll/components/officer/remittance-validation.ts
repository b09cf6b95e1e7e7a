import { zodResolver } from '@hookform/resolvers/zod';
import {
  recordRemittanceFormSchema,
  type RecordRemittanceForm,
} from '@coop/shared/payroll-remittances';
import type { Resolver } from 'react-hook-form';

/** What the form's rules depend on: the month the money is for, and today. */
export type RemittanceFormContext = { month: string; today: string };

/**
 * The Record remittance form's validation: the API's own rules for the amount and the reference,
 * and the window of the date received (loaded lazily, decision 125). The month and today come in
 * the form's context.
 */
export const remittanceResolver: Resolver<RecordRemittanceForm> = (values, context, options) => {
  const { month, today } = context as RemittanceFormContext;
  return zodResolver(recordRemittanceFormSchema(month, today))(values, context, options);
};
