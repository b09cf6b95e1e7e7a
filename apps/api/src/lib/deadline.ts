/**
 * Waits for `work` until `deadline` (a Date.now() value). True if it settled in time (a rejection
 * counts as settled: the caller only needs to know whether waiting longer would help). A late
 * rejection is swallowed, so it never surfaces as an unhandled rejection.
 */
export async function settlesBy(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
