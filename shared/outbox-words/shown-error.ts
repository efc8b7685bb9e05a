import { NAME_TAKEN, NO_FILE_RESULT, PLATE_CHANGED, type OutboxError } from '../ipc/channels/outbox.js';
import { capsLockSaid } from '../barcode/letter-case.js';

/**
 * An entry's error as every screen says it (the Outbox's reason column, a refused well's name and
 * tooltip, the last-scan line): what went wrong in plain words, and the service's own text kept apart,
 * never dropped, since it is what a service's administrator can act on.
 */
export interface ShownError {
  /** A sentence for the bench. */
  said: string;
  /** The service's own words and status, when the plain words are ours: "plate.wells[0]… (404)". */
  serviceSaid: string | null;
}

/**
 * Errors whose own sentence says what happened and what to do (the service's words and status are inside
 * it: "… (HTTP 403, "Forbidden")", "Last: the service said "Operation failed" (HTTP 503)"), so no status is
 * added after it. NAME_TAKEN is the app's own reading, no request's answer: nothing of it is the service's.
 */
const OWN_WORDS = new Set(['gave-up', 'gave-up-unsent', PLATE_CHANGED, 'permission', NO_FILE_RESULT, NAME_TAKEN]);

/**
 * What a refusal means by its class, when the service's words are not ones we know: the spec fixes only
 * the class's message ("Not found"), and the detail a service adds is its own.
 */
const REFUSED: Record<string, string> = {
  'not-found': 'The service does not have something this change names (a sample, a plate or a labsheet).',
  validation: 'The service does not accept a value in this change.',
  conflict: 'This change conflicts with what the service holds now.',
  'bad-request': 'The service could not take this change as it was sent.',
};

/**
 * A request that got no usable answer, in words: the change itself may be fine. The connection's own
 * words ("connect ECONNREFUSED 10.0.0.5:443") are this computer's, not the service's, so they go in
 * brackets; an answer the service did give ("Operation failed (503)") is still what the service said.
 */
const UNANSWERED: Record<string, { said: string; fromService: boolean }> = {
  network: { said: 'The service could not be reached', fromService: false },
  timeout: { said: 'The service did not answer in time', fromService: false },
  server: { said: 'The service had an error.', fromService: true },
  'rate-limited': { said: 'The service asked to slow down.', fromService: true },
  protocol: { said: 'The service’s answer could not be read.', fromService: true },
  unreadable: { said: 'The service’s answer could not be read.', fromService: true },
};

/**
 * Refusals whose detail we can say plainly. The sandbox's words; a service that words them otherwise
 * gets its class's sentence, with its own words after it as always.
 */
const KNOWN: { pattern: RegExp; said: (m: RegExpMatchArray) => string }[] = [
  {
    pattern: /labsheet "([^"]+)" has no row with [^"]*"([^"]+)"/,
    // Read offline before the rows were, a code typed with Caps Lock on is queued as read: this is where the
    // bench learns of it, so the likely cause is named (letter-case.ts).
    said: (m) => [`The ${m[1]} labsheet has no row ${m[2]}.`, capsLockSaid(m[2]!)].filter(Boolean).join(' '),
  },
  {
    pattern: /column "([^"]+)" \([A-Z_]+\) must be one of (.+), got "([^"]*)"/,
    said: (m) => `${m[1]} cannot be "${m[3]}": the labsheet allows only ${m[2]}.`,
  },
  {
    // A batch's field misspelt: every row of it is refused alike, and "a value" sent the bench to its values.
    pattern: /unknown column "([^"]+)"/,
    said: (m) => `${m[1]} is not a column of the labsheet.`,
  },
  {
    pattern: /well (\S+) of (\S+) already holds (\S+)/,
    said: (m) => `Well ${m[1]} of ${m[2]} already holds ${m[3]}.`,
  },
];

/**
 * Whether the service refused the change itself (its content, or the token's permission), as opposed to
 * a change that failed otherwise (repeated service errors, on this computer, behind another entry): the
 * first is "Refused" in the Outbox, the second only "Failed", since it may be fine as it is.
 */
export const isRefusal = (err: Pick<OutboxError, 'kind'>): boolean =>
  Object.hasOwn(REFUSED, err.kind) || err.kind === 'permission' || err.kind === 'rejected';

const withStatus = (text: string, status: number | undefined): string =>
  status === undefined ? text : `${text} (${status})`;

export function shownError(err: OutboxError): ShownError {
  if (OWN_WORDS.has(err.kind)) return { said: err.message, serviceSaid: null };
  const unanswered = UNANSWERED[err.kind];
  if (unanswered?.fromService === false)
    return { said: `${unanswered.said} (${err.reason ?? err.message}).`, serviceSaid: null };
  if (unanswered) return { said: unanswered.said, serviceSaid: withStatus(err.reason ?? err.message, err.status) };
  const refused = REFUSED[err.kind];
  if (refused === undefined) return { said: withStatus(err.reason ?? err.message, err.status), serviceSaid: null };
  const words = err.reason ?? err.message;
  const serviceSaid = withStatus(words, err.status);
  for (const k of KNOWN) {
    const m = words.match(k.pattern);
    if (m) return { said: k.said(m), serviceSaid };
  }
  return { said: refused, serviceSaid };
}

/**
 * The error in one line: the plain words, what to do when the screen says it (`next`), then the
 * service's own words, last since they are the longest and the least read at the bench.
 */
export function shownErrorLine({ said, serviceSaid }: ShownError, next?: string): string {
  return [said, next, serviceSaid === null ? null : `The service said: ${serviceSaid}`].filter(Boolean).join(' ');
}
