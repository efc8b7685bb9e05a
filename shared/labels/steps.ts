/**
 * Long label work as steps: a generator that pauses (yields) between labels. Run through at once where
 * nothing waits on it (the preview), or a few labels a turn in main, which answers scans between them.
 */
export type Steps<T> = Generator<void, T, void>;

/** Every step at once. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
