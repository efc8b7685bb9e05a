/**
 * The one percentile every bench figure uses: nearest rank (the smallest value with at least p % of
 * the values at or below it), so a p99 over 160 reads is the second worst, not an interpolation.
 */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** A figure rounded to the decimals it is printed with. */
export function round(n: number, digits: number): number {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}
