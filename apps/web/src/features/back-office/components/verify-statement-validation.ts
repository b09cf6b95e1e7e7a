import { zodResolver } from '@hookform/resolvers/zod';
import { statementVerificationQuerySchema } from '@coop/shared/statement-verification';

/** The code's validation, the API's own (loaded lazily, decision 125). */
export const verifyStatementResolver = zodResolver(statementVerificationQuerySchema);
