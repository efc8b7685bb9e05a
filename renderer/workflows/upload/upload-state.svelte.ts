import { call, IpcCallError, notQueued, notRecorded } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { IpcResult } from '../../../shared/ipc/result.js';
import {
  fileExtension,
  fileRefused,
  imageMimeType,
  fileUploadResult,
  isEmbeddable,
  type FileUploadResult,
} from '../../../shared/api/files.js';
import { STAGE_CHUNK_BYTES } from '../../../shared/ipc/channels/upload.js';
import type { OutboxEntryState } from '../../../shared/ipc/channels/outbox.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import type { ServiceBound } from '../../lib/kept/kept-per-service.js';
import { serviceLabel } from '../../../shared/ipc/service-identity.js';
import { takenOutSaid } from '../../lib/outbox/follow-entry-sync.js';
import { counted } from '../../lib/format/counted.js';
import { shownError, shownErrorLine } from '../../../shared/outbox-words/shown-error.js';
import { failedShown, stateSaidInLine, type ShownState } from '../../../shared/outbox-words/shown-state.js';
import type { UnsureChoice } from '../../../shared/outbox-words/unsure-choices.js';

/** Where a file is: on its way into the outbox, in it (as its entry is), or taken out there and never to be sent. */
/**
 * `unsure`: the request left and no answer said what became of it (the Outbox's "Unsure whether it
 * arrived"). Not `failed`: the file may be on the service, so it is not offered for queuing again,
 * where a second upload would store it twice.
 */
export type UploadPhase =
  'staging' | 'queued' | 'sending' | 'done' | 'failed' | 'refused' | 'unsure' | 'discarded' | 'cancelled';

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
  entryId: number | null;
  /**
   * The staged copy of a file whose queueing failed on this computer (disk full): main keeps its
   * ticket, so "Queue again" needs no second copy. Null otherwise.
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

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

// Every entry state has its phase: one the list did not follow would keep an old word for ever (a
// discarded upload reading "waiting to be sent (when online)").
const PHASE: Record<OutboxEntryState, UploadPhase> = {
  pending: 'queued',
  sending: 'sending',
  done: 'done',
  failed: 'failed',
  uncertain: 'unsure',
  discarded: 'discarded',
  cancelled: 'cancelled',
};

/**
 * The Outbox state each phase in the outbox stands for, so the list says it in the Outbox's words: a file
 * the service refused is "refused" here as in the Outbox, not "failed" (which may be fine to send again).
 */
const PHASE_STATE: Record<Exclude<UploadPhase, 'staging'>, ShownState> = {
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
const MAY_STILL_GO: ReadonlySet<UploadPhase> = new Set(['staging', 'queued', 'sending', 'failed', 'unsure']);

/** The file's "stored but not embedded" note while it can still come true, else null. */
export const storedOnlyShown = (item: Pick<UploadItem, 'phase' | 'storedOnly'>): string | null =>
  MAY_STILL_GO.has(item.phase) ? item.storedOnly : null;

const files = (n: number) => counted(n, 'file');

/** What did not happen when a choice on an unsure upload failed, before main's reason. */
const NOT_SETTLED: Record<UnsureChoice, string> = {
  'mark-done': 'Not marked as arrived',
  resend: 'Not sent again',
};

/** Why a file will be stored but not embedded, or null when it will be embedded too. */
export function storedOnlyNote(name: string): string | null {
  if (isEmbeddable(name)) return null;
  const ext = fileExtension(name);
  return `Will be stored but not embedded: ${ext ? `.${ext} files are` : 'a file without an extension is'} not on the service's embedding list`;
}

/**
 * Files go: bytes copied into main's staging folder (progress) → one outbox
 * entry each (durable) → sent when online → the service's answer (file id, ticket, status).
 * Kept per service while the user is on other screens (kept-state.ts): the list is what was added here.
 */
export class UploadState implements ServiceBound {
  items = $state<UploadItem[]>([]);
  isGlobal = $state(false);
  /** The row that asks "Yes, discard it" before `discard`, as the Outbox's does: its entry id, or none. */
  confirming = $state<number | null>(null);
  #key = 0;
  #offChange: (() => void) | null = null;

  constructor(
    readonly api: BenchlinkApi,
    readonly outbox: OutboxState,
    /**
     * The service (`serviceIdentity`) this screen was drawn for: the file ids it shows are that
     * service's, so a page embedding one is queued only while it is in use.
     */
    readonly service: string,
  ) {}

  /**
   * The list follows its entries for as long as the state is kept, not only while the screen is shown:
   * a file sent, refused, discarded or cancelled while the user is on the Outbox is shown so on return,
   * with the service's answer (file id, ticket) fetched when it came. One subscription per kept state,
   * however often the screen is shown again.
   */
  start(): void {
    this.#offChange ??= this.outbox.onChange((changes) => {
      for (const c of changes) {
        const item = this.items.find((i) => i.entryId === c.id);
        if (item) void this.#follow(item, c.state);
      }
    });
  }

  /** Draws an upload as its entry now is (`state`, from the news or read). */
  async #follow(item: UploadItem, state: OutboxEntryState): Promise<void> {
    const phase = PHASE[state];
    // The news names the state only: a failed upload may be refused, and a sent one refused in its
    // answer (REJECTED). Drawn from the news, it read "failed" until the error came, then "refused":
    // its phase is set once the entry is read, so the first word drawn is already the right one.
    if (phase === 'done' || phase === 'failed') return this.#answer(item, phase);
    item.phase = phase;
    if (phase === 'unsure') return this.#answer(item, phase);
    // Going again (retried in the Outbox): the last answer is not this attempt's, so it is not shown.
    if (phase === 'queued' || phase === 'sending') {
      item.result = null;
      item.message = null;
    }
  }

  /**
   * The technician looked on the service for a file unsure whether it arrived and chose (UNSURE_CHOICES).
   * Main settles the entry as the Outbox's buttons have it settled (`outbox.reconcile`); the row is then
   * drawn as main has the entry, and a choice that changed nothing says why on the row.
   */
  async settle(item: UploadItem, choice: UnsureChoice): Promise<void> {
    await this.#decide(item, NOT_SETTLED[choice], (id) =>
      this.api.invoke('outbox.reconcile', { id, resolution: choice }),
    );
  }

  /**
   * The technician's Discard of a failed or refused upload, after the row asked, as the Outbox's own
   * (`outbox.discard`): it is never sent, and the row is drawn as main has the entry.
   */
  async discard(item: UploadItem): Promise<void> {
    this.confirming = null;
    await this.#decide(item, 'Not discarded', (id) => this.api.invoke('outbox.discard', { id }));
  }

  /** Asks main for the technician's choice on an upload's entry, then draws the row as main has it. */
  async #decide(
    item: UploadItem,
    notDone: string,
    ask: (id: number) => Promise<IpcResult<{ ok: boolean; message?: string | undefined }>>,
  ): Promise<void> {
    const id = item.entryId;
    if (id === null) return;
    const r = await ask(id);
    const read = await this.api.invoke('outbox.await', { id, timeoutMs: 0 });
    if (read.ok) await this.#follow(item, read.value.state);
    if (r.ok && r.value.ok) return;
    const why = r.ok ? (r.value.message ?? 'main did not say why') : r.error.message;
    item.message = `${notDone}: ${why}`;
  }
  /** The screen is left: the list goes on following its entries (start). */
  stop(): void {}

  /** Said when the screen is shown again after a switch back to this service. */
  get opened(): string | null {
    return this.items.length ? `the upload list (${files(this.items.length)})` : null;
  }

  /**
   * The files listed here are this service's (their uploads are bound to it, their file ids are its):
   * the list stays kept for it, and those not sent yet wait for it in the Outbox.
   */
  leaveService(): string[] {
    const n = this.items.length;
    if (n === 0) return [];
    const waiting = this.items.filter((i) => i.phase === 'queued' || i.phase === 'sending').length;
    const wait = waiting
      ? `; ${files(waiting)} on it ${waiting === 1 ? 'is' : 'are'} still waiting to be sent there`
      : '';
    return [
      `The upload list (${files(n)}) is kept for ${serviceLabel(this.service)}: ` +
        `switch back to it in Settings to see it${wait}.`,
    ];
  }

  /** Browser (and drop): the File's bytes travel to main in chunks. */
  async addFiles(files: readonly File[]): Promise<void> {
    // One drop, one choice: the box as it was when they were dropped, however long each copy takes.
    const isGlobal = this.isGlobal;
    for (const f of files) {
      const item = this.#add(f.name, f.size, isGlobal);
      let begun: string | null = null;
      try {
        const { stagingId } = await call(this.api, 'upload.stageBegin', { name: f.name, size: f.size });
        begun = stagingId;
        for (let offset = 0; offset < f.size; offset += STAGE_CHUNK_BYTES) {
          const bytes = new Uint8Array(await f.slice(offset, offset + STAGE_CHUNK_BYTES).arrayBuffer());
          await call(this.api, 'upload.stageChunk', { stagingId, offset, base64: toBase64(bytes) });
          item.staged = Math.min(f.size, offset + bytes.length);
        }
        const staged = await call(this.api, 'upload.stageFinish', { stagingId });
        begun = null;
        await this.#enqueue(item, staged.stagedId);
      } catch (err) {
        // Main holds the staging (a descriptor, a .partial, one of this window's few slots) until told:
        // a file the page could not read (changed on disk, a folder) would hold it until the idle limit.
        if (begun !== null) void this.api.invoke('upload.stageAbort', { stagingId: begun });
        item.phase = 'failed';
        item.message = notQueued(err);
      }
    }
  }

  /** Folders dropped on the page: nothing in them is uploaded, and each is said so in the list. */
  refuseFolders(names: readonly string[]): void {
    for (const name of names) {
      const item = this.#add(name, 0, this.isGlobal);
      item.phase = 'failed';
      item.message = `Not queued: ${name} is a folder. Drop the files in it instead (open the folder and select them).`;
    }
  }

  /** Electron: the native dialog; main copies the chosen files itself. */
  async pickNative(): Promise<void> {
    const isGlobal = this.isGlobal;
    const picked = await call(this.api, 'files.pickForUpload', { multiple: true });
    for (const u of picked.unreadable ?? []) {
      const item = this.#add(u.name, 0, isGlobal);
      item.phase = 'failed';
      item.message = `Not queued: ${u.name} could not be read (${u.reason}).`;
    }
    for (const f of picked.files) {
      const item = this.#add(f.name, f.size, isGlobal);
      try {
        const staged = await call(this.api, 'upload.stagePicked', { fileId: f.id });
        item.staged = f.size;
        await this.#enqueue(item, staged.stagedId);
      } catch (err) {
        item.phase = 'failed';
        item.message = notQueued(err);
      }
    }
  }

  #add(name: string, size: number, isGlobal: boolean): UploadItem {
    this.items.push({
      key: ++this.#key,
      name,
      size,
      phase: 'staging',
      storedOnly: storedOnlyNote(name),
      staged: 0,
      entryId: null,
      requeue: null,
      result: null,
      message: null,
      isGlobal,
    });
    // The proxy the array holds, so later changes to the item reach the page.
    return this.items[this.items.length - 1]!;
  }

  async #enqueue(item: UploadItem, stagedId: string): Promise<void> {
    try {
      const { id } = await call(this.api, 'upload.enqueue', {
        stagedId,
        isGlobal: item.isGlobal,
        readFrom: this.service,
      });
      item.entryId = id;
      item.requeue = null;
      item.phase = 'queued';
    } catch (err) {
      // A failed write leaves main's ticket good, so the same copy can be queued again; a ticket main
      // no longer knows (used up, or its copy removed) cannot be.
      item.requeue = err instanceof IpcCallError && err.error.code === 'expired' ? null : stagedId;
      throw err;
    }
  }

  /** A file whose queueing failed on this computer, queued again from the copy main still holds. */
  async queueAgain(item: UploadItem): Promise<void> {
    const stagedId = item.requeue;
    if (stagedId === null) return;
    // Taken at once: a second click while main answers the first finds no ticket (it found the ticket
    // used up, and its "no longer waiting" marked the queued file failed).
    item.requeue = null;
    item.message = null;
    try {
      await this.#enqueue(item, stagedId);
    } catch (err) {
      item.phase = 'failed';
      item.message = notQueued(err);
    }
  }

  /**
   * Queues embedding an uploaded image (by the file id the service answered) in a notebook page.
   * Answers what the screen says: queued, or NOT RECORDED with main's reason.
   */
  async attachImage(item: UploadItem, page: string): Promise<{ said: string; ok: boolean }> {
    const fileId = item.result?.fileId;
    if (!fileId)
      return {
        said: item.result
          ? `${item.name} has no file id: the service did not name one, so it cannot be embedded`
          : `${item.name} has no file id yet: wait until it is uploaded`,
        ok: false,
      };
    const mime = imageMimeType(item.name);
    if (!mime) return { said: `${item.name} is no image a notebook page can embed`, ok: false };
    try {
      await call(this.api, 'outbox.enqueue', {
        intent: {
          type: 'attach-image',
          request: {
            hrid: page,
            image_uuid: fileId,
            image_name: item.name,
            image_mime_type: mime,
            position: 'append',
          },
        },
        readFrom: this.service,
      });
      return { said: `${item.name} queued to be embedded in ${page}`, ok: true };
    } catch (err) {
      return { said: notRecorded(err), ok: false };
    }
  }

  /** A settled upload's phase, answer and line, from its entry as read now (`news`: its state in the news). */
  async #answer(item: UploadItem, news: UploadPhase): Promise<void> {
    if (item.entryId === null) return;
    const r = await this.api.invoke('outbox.await', { id: item.entryId, timeoutMs: 0 });
    if (!r.ok) {
      // Not read: the news's own state is all there is to go by.
      item.phase = news;
      return;
    }
    const read = PHASE[r.value.state];
    // Moved on meanwhile (retried, discarded): its own news draws it.
    if (read !== 'done' && read !== 'failed' && read !== 'unsure') return;
    const res = r.value.result;
    // The outbox keeps the service's answer for this one file (an array element, or the element itself).
    // Only a file result as the spec shows it: an answer main could not read is kept as a note instead
    // ({ note }), and read as a file result it offered "Embed image" for a file with no id.
    const parsed = fileUploadResult.safeParse(Array.isArray(res) ? res[0] : res);
    item.result = parsed.success ? parsed.data : null;
    const error = r.value.error;
    // Failed as stored, or refused in the answer, said as the Outbox says it: its error tells a refusal.
    item.phase =
      (item.result && fileRefused(item.result.status)) || read === 'failed'
        ? failedShown(error) === 'refused'
          ? 'refused'
          : 'failed'
        : read;
    // A failed upload is said as the Outbox says its entry; a sent one by the service's note on the file.
    item.message =
      (item.phase === 'failed' || item.phase === 'refused' || item.phase === 'unsure') && error
        ? shownErrorLine(shownError(error))
        : (item.result?.message ?? null);
  }
}
