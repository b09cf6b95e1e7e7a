/** Temporary: the web back office still imports this path; it goes once the web imports the domain files. */
export type * from './members.js';
export type * from './back-office.js';
export type * from './audit.js';
export type * from './csv-uploads.js';
export type * from './payroll.js';
export type {
  Dispute,
  DisputeListResponse,
  DisputeResponse,
  ResolveDisputeInput,
} from './contributions.js';
