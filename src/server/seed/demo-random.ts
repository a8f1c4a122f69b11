// The demo salon's randomness (docs/rooms/demo.md): seeded, so the same "today" gives the same salon on
// every start.

/** mulberry32: a small seeded PRNG, so the demo is the same on every start. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A stream of its own for each professional's day and each appointment (FNV-1a over the seed and
 * the numbers that name it): what the clock changes on the seed day (which of today's visits are
 * done, Marta's next visit) changes that day, not every random draw after it.
 */
export function streamOf(...ns: number[]): () => number {
  let h = 2166136261;
  for (const n of ns) {
    h = Math.imul(h ^ (n | 0), 16777619);
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  }
  return prng(h >>> 0);
}

/** A weighted pick (weights > 0). */
export function pick<T>(rnd: () => number, items: readonly T[], weight: (t: T) => number): T {
  const total = items.reduce((s, t) => s + weight(t), 0);
  let r = rnd() * total;
  for (const t of items) {
    r -= weight(t);
    if (r < 0) return t;
  }
  return items[items.length - 1]!;
}
