/** Temporary: the web back office still imports this path; it goes once the web imports the domain files. */
import { AUDIT_MESSAGES } from './audit-words.js';
import { DISPUTE_MESSAGES } from './contribution-rules.js';
import { CSV_MESSAGES } from './csv-upload-rules.js';
import { MEMBER_MESSAGES } from './member-rules.js';

export * from './csv-upload-rules.js';
export * from './member-rules.js';
export * from './payroll-rules.js';
export {
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_NOTE_MIN_LENGTH,
  DISPUTE_QUEUE_STATUSES,
  type DisputeQueueStatus,
} from './contribution-rules.js';

export const ADMIN_MESSAGES = {
  ...MEMBER_MESSAGES,
  ...DISPUTE_MESSAGES,
  auditEmpty: AUDIT_MESSAGES.empty,
  csvTooLarge: CSV_MESSAGES.tooLarge,
  csvNotUtf8: CSV_MESSAGES.notUtf8,
  csvEmpty: CSV_MESSAGES.empty,
} as const;
