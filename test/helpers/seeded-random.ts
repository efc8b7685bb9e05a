// One generator for the sandbox and the tests: the same seed replays the same case everywhere.
export { seededRandom } from '../../main/common/seeded-random.js';

export function randInt(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

export function randomText(rand: () => number, alphabet: string, min: number, max: number): string {
  let s = '';
  const n = randInt(rand, min, max);
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
  return s;
}
