/**
 * Rows per multi-row statement: far below PostgreSQL's 65 535 bind parameters, and large enough
 * that a payroll month of thousands of rows costs a handful of round trips.
 */
export const ROWS_PER_STATEMENT = 1_000;

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Lets the requests waiting on this process run before going on: long loops over a file's rows
 * call it between slices, so no request waits for the whole file.
 */
export function yieldToOtherRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
