/**
 * mulberry32: a tiny deterministic PRNG, so a fuzz case, a flaky-network scenario or a crash trial
 * replays exactly from its seed. Tests only: production code takes `random` from its platform.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randInt(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

export function randomText(rand: () => number, alphabet: string, min: number, max: number): string {
  let s = '';
  const n = randInt(rand, min, max);
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
  return s;
}
