/** Settings the portal shows before sign-in (GET /config). */
import { z } from 'zod';
import { successEnvelope } from './http.js';

export const publicConfigSchema = z.object({
  cooperativeName: z.string(),
  adminContactEmail: z.string(),
  adminContactPhone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export const publicConfigResponseSchema = successEnvelope(publicConfigSchema);
export type PublicConfigResponse = z.infer<typeof publicConfigResponseSchema>;
