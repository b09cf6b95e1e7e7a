import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@coop/shared/auth';

/**
 * What the sign-in form needs only once the member starts typing: validation (zod and the shared
 * schema) and the call itself (the API client). The form loads this module on first focus, which
 * keeps about a fifth of the JavaScript off the sign-in page's first load (bench/README.md).
 */
export const loginResolver = zodResolver(loginSchema);
export { signIn, signInWithCode } from '../api/login';
