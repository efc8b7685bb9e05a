/**
 * `fn`'s answers for one pass (a sync step, an Outbox listing), each question asked once: the same
 * question is asked many times in a pass (once per entry compared) and each answer is a read of
 * SQLite. `key` names the question; a pass makes a new one, so answers never outlive it.
 */
export function askedOnceBy<A extends unknown[], R>(
  fn: (...args: A) => R,
  key: (...args: A) => string,
): (...args: A) => R {
  const seen = new Map<string, R>();
  return (...args) => {
    const k = key(...args);
    if (seen.has(k)) return seen.get(k) as R;
    const answer = fn(...args);
    seen.set(k, answer);
    return answer;
  };
}
