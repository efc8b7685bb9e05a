/**
 * Answers to a read overtaken by a newer one of the same kind are dropped: looked up A then B, a slow
 * answer for A replaced B's on screen (and a folder found first became the one permissions acted on).
 * `begin()` at the start of each read; the check it returns is true while that read is still the latest.
 */
export function latestOnly(): { begin(): () => boolean } {
  let last = 0;
  return {
    begin() {
      const mine = ++last;
      return () => mine === last;
    },
  };
}
