/** Temporary: the web back office still imports this path; it goes once the web imports the domain files. */
export * from './loan-rules.js';
