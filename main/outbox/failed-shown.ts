import { failedShown } from '../../shared/outbox-words/shown-state.js';
import type { FailedShown } from '../../shared/ipc/channels/outbox.js';
import type { Statements } from './statements.js';

/**
 * How a failed entry is said, from its error's kind as SQLite reads it (null, or not a string, when the
 * stored error does not say one): the rows' own rule (failedShown), for main's counts and tabs alike.
 */
export const shownOfKind = (kind: unknown): FailedShown => failedShown(typeof kind === 'string' ? { kind } : null);

/**
 * The failed entries said as `shown`, as the statements over FAILED_OF_KINDS take them: the kinds of
 * error stored now that are said so (a JSON array), and 1 when an entry without a kind is too. The rule
 * stays in JS, once per kind, and SQLite picks the rows, so a tab is never cut by entries of another.
 */
export function kindsShownAs(st: Statements, shown: FailedShown): [kinds: string, noKind: number] {
  const kinds = st.failedKinds
    .all()
    .map((r) => r.kind)
    .filter((k) => shownOfKind(k) === shown);
  return [JSON.stringify(kinds.filter((k) => k !== null)), kinds.includes(null) ? 1 : 0];
}
