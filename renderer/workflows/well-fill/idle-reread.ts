/** What reading the open plate again while the bench is idle needs from the screen. */
export interface IdleRereadDeps {
  /** Milliseconds on the page's clock. */
  now(): number;
  /** When the bench last scanned (or opened the screen). */
  lastScanAt(): number;
  /** Whether the re-read may run now: a plate open, the page shown, no question waiting for an answer. */
  mayRead(): boolean;
  /** Reads the plate again, in turn with the scans. */
  reread(): Promise<void>;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

/** How often the open plate is looked at, and how long after the last scan it may be read again. */
export const IDLE_REREAD = { everyMs: 30_000, idleMs: 20_000 };

/**
 * While the bench is idle, the open plate is read again every so often: another bench's tubes showed
 * only once the screen was left and opened again, the well "G5, empty" on a bench looking at the plate
 * for minutes while G5 had been filled. Never while scanning (a reading mid-fill moves the cursor under
 * the user's hand), never on a hidden page, never over a question waiting for its answer, and one at a
 * time. Answers the way to stop.
 */
export function rereadWhenIdle(d: IdleRereadDeps, o = IDLE_REREAD): () => void {
  let reading = false;
  const id = d.setInterval(() => {
    if (reading || d.now() - d.lastScanAt() < o.idleMs || !d.mayRead()) return;
    reading = true;
    void d.reread().finally(() => (reading = false));
  }, o.everyMs);
  return () => d.clearInterval(id);
}
