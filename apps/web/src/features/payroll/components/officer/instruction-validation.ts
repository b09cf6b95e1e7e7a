import { zodResolver } from '@hookform/resolvers/zod';
import { setInstructionSchema } from '@coop/shared/deductions';

/** The instruction form's validation: the API's own schema, loaded lazily (decision 125). */
export const instructionResolver = zodResolver(setInstructionSchema);
