import { fileExtension, isEmbeddable, type FileUploadResult } from '../../../shared/api/files.js';
import type { UploadSendProgress } from '../../../shared/ipc/channels/upload.js';
import type { OutboxEntryState } from '../../../shared/ipc/channels/outbox.js';
import { takenOutSaid } from '../../lib/outbox/follow-entry-sync.js';
import { stateSaidInLine, type FailedShown, type ShownState } from '../../../shared/outbox-words/shown-state.js';

/* An upload's row on the Upload screen: its phase, what is said of it, and the notes shown before it is sent. */

/**
 * Where a file is: on its way into the outbox, in it (as its entry is), or taken out there and never to be sent.
 * `unsure`: the request left and no answer said what became of it (the Outbox's "Unsure whether it
 * arrived"). Not `failed`: the file may be on the service, so it is not offered for queuing again,
 * where a second upload would store it twice.
 * `same`: copied, not queued: the same file (name and contents) is being uploaded already or was lately,
 * and the row asks "Upload again?"; nothing goes unless the user says so. `skipped`: they said no.
 */
export type UploadPhase =
  | 'staging'
  | 'same'
  | 'skipped'
  | 'queued'
  | 'sending'
  | 'done'
  | 'failed'
  | 'refused'
  | 'unsure'
  | 'discarded'
  | 'cancelled';

export interface UploadItem {
  key: number;
  name: string;
  size: number;
  phase: UploadPhase;
  /**
   * Said before the file is sent: the service stores every file but embeds only the supported
   * types, so a user uploading for the knowledge base learns it will not be searchable there.
   */
  storedOnly: string | null;
  staged: number;
  /**
   * Copied by main in one go (a file chosen in the dialog): nothing tells how far the copy is until it
   * is done, so its bar says "being copied" without a measure rather than stand at 0.
   */
  copiedByMain: boolean;
  /**
   * How far the file is on its way to the service (main's `upload.sendProgress`), while it is being
   * sent: a 500 MB file read "sending" for minutes with nothing moving. Null before the first news.
   */
  sent: Pick<UploadSendProgress, 'sent' | 'total'> | null;
  /** The copy's sha256 once main made it: the same file added twice is told by its name and this. */
  sha256: string | null;
  entryId: number | null;
  /**
   * The staged copy of a file not queued, whose ticket main keeps, so queueing it needs no second copy:
   * its queueing failed on this computer (disk full: "Queue again"), or the row asks whether to upload
   * the same file again ("Upload again"). Null otherwise.
   */
  requeue: string | null;
  message: string | null;
  result: FileUploadResult | null;
  /**
   * Visible to the whole organisation, as the box said when the file was added: ticked during a long
   * copy for the next drop, it must not make the files already on their way visible to everyone.
   */
  isGlobal: boolean;
}

// Every entry state has its phase: one the list did not follow would keep an old word for ever (a
// discarded upload reading "waiting to be sent (when online)").
export const PHASE: Record<OutboxEntryState, UploadPhase> = {
  pending: 'queued',
  sending: 'sending',
  done: 'done',
  failed: 'failed',
  uncertain: 'unsure',
  discarded: 'discarded',
  cancelled: 'cancelled',
};

/**
 * A failed upload's phase by the Outbox's word for it. Held and set aside are no upload's (only well and
 * row changes are held or superseded): said "failed", as before.
 */
export const FAILED_PHASE: Record<FailedShown, UploadPhase> = {
  refused: 'refused',
  uncertain: 'unsure',
  failed: 'failed',
  held: 'failed',
  superseded: 'failed',
};

/**
 * The Outbox state each phase in the outbox stands for, so the list says it in the Outbox's words: a file
 * the service refused is "refused" here as in the Outbox, not "failed" (which may be fine to send again).
 */
export const PHASE_STATE: Record<Exclude<UploadPhase, 'staging' | 'same' | 'skipped'>, ShownState> = {
  queued: 'pending',
  sending: 'sending',
  done: 'done',
  failed: 'failed',
  refused: 'refused',
  unsure: 'uncertain',
  discarded: 'discarded',
  cancelled: 'cancelled',
};

/** A phase as the list says it; a taken-out upload in the words the other screens use for one. */
export function phaseWords(phase: UploadPhase): string {
  if (phase === 'staging') return phase;
  if (phase === 'same') return 'upload again?';
  if (phase === 'skipped') return 'not uploaded again';
  if (phase === 'discarded' || phase === 'cancelled') return takenOutSaid(phase);
  const said = stateSaidInLine(PHASE_STATE[phase]);
  if (phase === 'queued') return `${said} (when online)`;
  return said;
}

/**
 * The phases in which a file may still reach the service, so the note said before it is sent (`storedOnly`)
 * still holds: once the service answered (its own status is shown then) or the file was taken out, "Will
 * be stored but not embedded" read as a promise over "refused" or "will not be sent".
 */
const MAY_STILL_GO: ReadonlySet<UploadPhase> = new Set(['staging', 'same', 'queued', 'sending', 'failed', 'unsure']);

/** The file's "stored but not embedded" note while it can still come true, else null. */
export const storedOnlyShown = (item: Pick<UploadItem, 'phase' | 'storedOnly'>): string | null =>
  MAY_STILL_GO.has(item.phase) ? item.storedOnly : null;

/**
 * Phases an upload's entry never leaves: done, and cancelled. A discarded one may be put back (the
 * Discard's Undo, for as long as main keeps its staged copy), here or in the Outbox.
 */
export const ENDED: ReadonlySet<UploadPhase> = new Set(['done', 'cancelled']);

/**
 * What becomes of a file not on the embedding list, or null when it will be embedded too. The spec stores
 * every file and embeds the listed types; a real service may refuse the others all the same, and the
 * local sandbox does (DESIGN.md): "Will be stored" was said there of a file it then refused.
 */
export function storedOnlyNote(name: string, sandbox: boolean): string | null {
  if (isEmbeddable(name)) return null;
  const ext = fileExtension(name);
  const what = ext ? `.${ext} files are` : 'a file without an extension is';
  return sandbox
    ? `Will be refused by the local sandbox: ${what} not on the embedding list`
    : `Will be stored but not embedded, or refused, as the service decides: ${what} not on its embedding list`;
}
