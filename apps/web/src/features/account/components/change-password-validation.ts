import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@coop/shared/auth';

/** The Change Password form's validation: the schema the API checks (loaded lazily). */
export const changePasswordResolver = zodResolver(changePasswordSchema);
