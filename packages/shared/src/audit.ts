/** The audit trail's contract: `/api/v1/admin/audit` and the entries other pages embed. */
import { z } from 'zod';
import { isoDateTimeSchema } from './date-schemas.js';
import { dateRangeFilters, filteredListQuery, listEnvelope } from './http.js';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: isoDateTimeSchema,
  actor: z
    .object({
      id: z.string(),
      name: z.string(),
      membershipId: z.string(),
    })
    .nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = filteredListQuery({
  sortFields: ['occurredAt'],
  defaults: { sortBy: 'occurredAt', sortOrder: 'desc', limit: 25 },
  filters: {
    /** The actor's name, e-mail or membership ID. */
    actor: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    entityType: z.string().trim().max(50).optional(),
    entityId: z.string().trim().max(100).optional(),
    ...dateRangeFilters,
  },
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditListResponseSchema = listEnvelope(auditEntrySchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
