import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the API's test files run in: drawn afresh each run from `sequence.seed`
 * (vitest.config.ts), with the files that run in a process of their own (the `own-graph` and
 * `processes` projects) first, then the `api` project's files.
 *
 * Why not vitest's own shuffle across all of them: a worker whose files share one module graph
 * (`isolate: false`) is kept for the next file only while the next file in the queue can share it
 * too. An isolated file at the head of the queue ends it, and the next `api` file starts a new
 * worker that imports the app's modules all over again; shuffled among the others, each of the
 * seven isolated files did that once (docs/ci-timings.md). Grouped first, the `api` files start
 * two workers in all, one per core. The start-up tests, the longest files, then also start
 * first rather than leaving one core to finish them alone at the end.
 */
export class ApiSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = shuffled(files, this.ctx.config.sequence.seed);
    const ownProcess = order.filter((file) => file.project.config.isolate !== false);
    const sharedGraph = order.filter((file) => file.project.config.isolate === false);
    return Promise.resolve([...ownProcess, ...sharedGraph]);
  }
}

/** Fisher–Yates with a seeded generator (mulberry32): the same seed, the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
