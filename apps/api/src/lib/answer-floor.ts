/**
 * Runs `work` and answers no sooner than `floorMs` after it began (wall time, not the clock the
 * services read), so how long an answer took says nothing about what was looked up
 * (decision 080). `when` picks the outcomes that wait: a failed sign-in waits, a success does not.
 */
export async function answerNoSoonerThan<T>(
  floorMs: number,
  work: () => Promise<T>,
  when: 'always' | 'on_failure' = 'always',
): Promise<T> {
  const began = performance.now();
  const wait = async () => {
    const left = floorMs - (performance.now() - began);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  };
  try {
    const result = await work();
    if (when === 'always') await wait();
    return result;
  } catch (err) {
    await wait();
    throw err;
  }
}
