/**
 * Suppresses a repeated identical read from the same source within a short window: a
 * scanner in continuous mode or a shaky trigger reads one tube twice, and two entries would be
 * created. The window slides, so a held trigger producing reads every 100 ms stays suppressed.
 */
export interface DuplicateVerdict {
  duplicate: boolean;
  /** Milliseconds since the previous identical read from this source (when duplicate). */
  sinceMs?: number;
}

export interface DuplicateFilter {
  check(source: string, text: string, at: number): DuplicateVerdict;
  setWindow(ms: number): void;
  reset(): void;
}

export function createDuplicateFilter(windowMs: number): DuplicateFilter {
  let span = windowMs;
  const last = new Map<string, { text: string; at: number }>();
  return {
    check(source, text, at) {
      const prev = last.get(source);
      last.set(source, { text, at });
      if (prev && prev.text === text && at - prev.at >= 0 && at - prev.at < span) {
        return { duplicate: true, sinceMs: at - prev.at };
      }
      return { duplicate: false };
    },
    setWindow(ms) {
      span = ms;
    },
    reset() {
      last.clear();
    },
  };
}
