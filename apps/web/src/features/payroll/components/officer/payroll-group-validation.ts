import { zodResolver } from '@hookform/resolvers/zod';
import { createPayrollGroupSchema, renamePayrollGroupSchema } from '@coop/shared/deductions';

/** The payroll group forms' validation: the API's own schemas, loaded lazily (decision 125). */
export const createGroupResolver = zodResolver(createPayrollGroupSchema);
export const renameGroupResolver = zodResolver(renamePayrollGroupSchema);
