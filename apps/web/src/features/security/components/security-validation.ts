import { zodResolver } from '@hookform/resolvers/zod';
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  signOutOthersSchema,
  startTwoFactorSetupSchema,
} from '@coop/shared/security';

/** The security forms' validation: the schemas the API checks (loaded lazily). */
export const startSetupResolver = zodResolver(startTwoFactorSetupSchema);
export const enableResolver = zodResolver(enableTwoFactorSchema);
export const disableResolver = zodResolver(disableTwoFactorSchema);
export const signOutOthersResolver = zodResolver(signOutOthersSchema);
