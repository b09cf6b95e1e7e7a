// The database schema, one module per area. drizzle-kit reads this file to generate migrations.
export * from './users.js';
export * from './ledger.js';
export * from './contributions.js';
export * from './loans.js';
export * from './member-money.js';
export * from './system.js';
export * from './security.js';
export * from './proposals.js';
export * from './payroll.js';
export * from './member-reads.js';
