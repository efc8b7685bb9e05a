import { failedEntryShown } from '../../shared/outbox-words/shown-state.js';
import type { FailedShown } from '../../shared/ipc/channels/outbox.js';
import { mayHaveArrived } from './may-have-arrived.js';
import type { Statements } from './statements.js';

/**
 * How a failed entry is said, from its error's kind as SQLite reads it (null, or not a string, when the
 * stored error does not say one) and its tries: the rows' own rule (entryShownState, with main's
 * mayHaveArrived), for main's counts and tabs alike. One that may be on the service is said unsure.
 */
export function shownOfFailed(kind: unknown, attempts: number): FailedShown {
  const error = typeof kind === 'string' ? { kind } : null;
  return failedEntryShown(error, mayHaveArrived(error, attempts));
}

/**
 * The failed entries said as `shown`, as the statements over FAILED_SAID take them: each [kind, attempts]
 * failed entries have now that is said so (a JSON array of pairs). The rule stays in JS, once per pair
 * (a handful: few kinds, few tries), and SQLite picks the rows, so a tab is never cut by entries of another.
 */
export function failedSaidAs(st: Statements, shown: FailedShown): string {
  return JSON.stringify(
    st.failedKinds
      .all()
      .filter((r) => shownOfFailed(r.kind, r.attempts) === shown)
      .map((r) => [r.kind, r.attempts]),
  );
}
