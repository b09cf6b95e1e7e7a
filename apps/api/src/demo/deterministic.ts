/**
 * Seeded pseudo-random numbers (mulberry32) so the demo cooperative is the same on every machine
 * and every run: the variety of a real cooperative without `Math.random()`.
 */
export interface DeterministicRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  integer(min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

export function deterministicRandom(seed: number): DeterministicRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick() needs a non-empty list');
      return item;
    },
  };
}

/** A stable 32-bit seed from a text, e.g. a membership ID. */
export function seedFromText(text: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16_777_619);
  }
  return hash >>> 0;
}
