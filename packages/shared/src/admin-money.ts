/** Temporary: the web back office still imports this path; it goes once the web imports the domain files. */
export type * from './members.js';
export type * from './deposit-notices.js';
export type * from './fines.js';
export type * from './withdrawals.js';
export type * from './decision-reasons.js';
