/**
 * The one double-read filter. A scanner in continuous mode or a shaky trigger reads one tube
 * twice; the same read can also arrive by two paths (a keyboard-mode scanner claimed over HID
 * still types into the window). A read is a double when its text is the previous read's and it
 * STARTED less than the window after the previous one ENDED: a 102-character keyboard read takes
 * 408 ms, so measuring end to end would let its twin, 2 ms behind, through a 300 ms window.
 * The window slides: a held trigger reading every 100 ms stays suppressed.
 */
export interface DuplicateVerdict {
  duplicate: boolean;
  /** Milliseconds from the end of the previous identical read to the start of this one (when duplicate). */
  sinceMs?: number;
}

export interface ReadSpan {
  text: string;
  startedAt: number;
  endedAt: number;
}

export interface DuplicateFilter {
  check(read: ReadSpan): DuplicateVerdict;
  readonly windowMs: number;
  setWindow(ms: number): void;
  reset(): void;
}

export function createDuplicateFilter(windowMs: number): DuplicateFilter {
  let span = windowMs;
  let last: { text: string; endedAt: number } | null = null;
  return {
    check(read) {
      const prev = last;
      const same = prev !== null && prev.text === read.text;
      last = { text: read.text, endedAt: same ? Math.max(prev.endedAt, read.endedAt) : read.endedAt };
      if (!same || span <= 0) return { duplicate: false };
      const gap = read.startedAt - prev.endedAt;
      return gap < span ? { duplicate: true, sinceMs: Math.max(0, gap) } : { duplicate: false };
    },
    get windowMs() {
      return span;
    },
    setWindow(ms) {
      span = ms;
    },
    reset() {
      last = null;
    },
  };
}
