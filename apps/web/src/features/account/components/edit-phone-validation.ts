import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema } from '@coop/shared/users';

/** The Edit Profile form's validation: the schema PUT /users/profile checks (loaded lazily). */
export const editPhoneResolver = zodResolver(profileUpdateSchema);
