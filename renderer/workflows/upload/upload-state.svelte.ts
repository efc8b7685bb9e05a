import { typedCode } from '../../../shared/barcode/aim.js';
import { call, IpcCallError, notQueued, notRecorded } from '../../lib/ipc/client.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { IpcResult } from '../../../shared/ipc/result.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import { fileRefused, imageMimeType, fileUploadResult } from '../../../shared/api/files.js';
import { STAGE_CHUNK_BYTES, type SameUpload, type UploadSendProgress } from '../../../shared/ipc/channels/upload.js';
import { followSendProgress } from './send-progress.js';
import type { OutboxEntryState } from '../../../shared/ipc/channels/outbox.js';
import type { OutboxState } from '../../lib/outbox/outbox-state.svelte.js';
import type { ServiceBound } from '../../lib/kept/kept-per-service.js';
import { isLocalSandbox, serviceLabel } from '../../../shared/ipc/service-identity.js';
import { counted } from '../../lib/format/counted.js';
import { whenSaid } from '../../lib/format/day.js';
import { shownError, shownErrorLine } from '../../../shared/outbox-words/shown-error.js';
import { failedEntryShown, failedShown, stateSaidInLine } from '../../../shared/outbox-words/shown-state.js';
import { lookFirst, type UnsureChoice } from '../../../shared/outbox-words/unsure-choices.js';
import { FINISHED_KEPT_SAID } from '../../../shared/outbox/finished-kept.js';
import { ENDED, FAILED_PHASE, PHASE, storedOnlyNote, type UploadItem, type UploadPhase } from './upload-item.js';

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** An entry as `outbox.await` answers it. */
type EntryRead = IpcResult<ChannelResponse<'outbox.await'>>;

const files = (n: number) => counted(n, 'file');

/** One image in one page: page IDs are compared as one reads them, whatever the case typed. */
const embedKey = (fileId: string, hrid: string) => JSON.stringify([fileId, hrid.toUpperCase()]);

/** What an earlier embed of the same image in the same page did, by its entry's state, before "<page>". */
const EMBED_STANDS = {
  pending: 'is already queued to be embedded in',
  sending: 'is already being embedded in',
  done: 'was already embedded in',
  uncertain: 'may already be embedded (unsure whether it arrived) in',
  // Pruned: sent, or taken out, longer ago than finished entries are kept; which one, the outbox no longer says.
  gone: `was queued over ${FINISHED_KEPT_SAID} ago (its entry is no longer kept) to be embedded in`,
} as const;

/** What did not happen when a choice on an unsure upload failed, before main's reason. */
const NOT_SETTLED: Record<UnsureChoice, string> = {
  'mark-done': 'Not marked as arrived',
  resend: 'Not sent again',
};

/** Where the page hears it is about to go (closed, reloaded): the window; a test gives its own. */
export type UnloadTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

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
  #offReconnect: (() => void) | null = null;
  #offProgress: (() => void) | null = null;
  /** Embeds queued from this list, by image and page (embedKey): the entry, or 'queueing' until main answers. */
  #embeds = new Map<string, number | 'queueing'>();
  /** Drops and picks whose files are still being copied into staging and queued, one after another. */
  #copies = 0;

  constructor(
    readonly api: BenchlinkApi,
    readonly outbox: OutboxState,
    /**
     * The service (`serviceIdentity`) this screen was drawn for: the file ids it shows are that
     * service's, so a page embedding one is queued only while it is in use.
     */
    readonly service: string,
    /** The window, whose closing is asked about while files are still being copied (copying()); none in Node. */
    readonly unloadTarget: UnloadTarget | null = typeof window === 'undefined' ? null : window,
  ) {}

  /**
   * The files of a drop or pick are copied one after another from this page, and queued only once
   * copied: a window closed meanwhile dropped the ones not yet copied, silently. So while copies run the
   * page asks before it goes (a browser asks in its own words; in Electron main asks, will-prevent-unload).
   */
  readonly #askBeforeUnload = (e: Event): void => {
    e.preventDefault();
    // Chromium (and Electron) read the returned value of the event: set, the page is kept unless the user says go.
    if (typeof BeforeUnloadEvent !== 'undefined' && e instanceof BeforeUnloadEvent)
      e.returnValue = 'Files are still being copied for upload.';
  };

  /** Runs `copy` (a drop's or a pick's copying and queueing) with the window asking before it closes. */
  async #whileCopying(copy: () => Promise<void>): Promise<void> {
    if (this.#copies++ === 0) this.unloadTarget?.addEventListener('beforeunload', this.#askBeforeUnload);
    try {
      await copy();
    } finally {
      if (--this.#copies === 0) this.unloadTarget?.removeEventListener('beforeunload', this.#askBeforeUnload);
    }
  }

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
    this.#offProgress ??= followSendProgress(this.api, (p) => this.showSendProgress(p));
    // Back with main after losing it: the news sent meanwhile never came (an upload sent then read
    // "waiting to be sent" for ever), so each upload that may have moved on is read as it is now.
    this.#offReconnect ??= this.outbox.onReconnect(() => {
      for (const item of this.items)
        if (item.entryId !== null && !ENDED.has(item.phase)) void this.#readNow(item, item.entryId);
    });
  }

  /** Main's news of how far an upload listed here is on its way to the service. */
  showSendProgress(p: UploadSendProgress): void {
    const item = this.items.find((i) => i.entryId === p.id);
    if (item) item.sent = { sent: p.sent, total: p.total };
  }

  /** An upload drawn as its entry is read now, when no news of it will come. */
  async #readNow(item: UploadItem, id: number): Promise<void> {
    const read = await this.api.invoke('outbox.await', { id, timeoutMs: 0 });
    if (read.ok) await this.#follow(item, read.value.state, read);
  }

  /** Draws an upload as its entry now is (`state`, from the news or read: `read`, when it was). */
  async #follow(item: UploadItem, state: OutboxEntryState, read?: EntryRead): Promise<void> {
    const phase = PHASE[state];
    // The news names the state only: a failed upload may be refused, and a sent one refused in its
    // answer (REJECTED). Drawn from the news, it read "failed" until the error came, then "refused":
    // its phase is set once the entry is read, so the first word drawn is already the right one.
    if (phase === 'done' || phase === 'failed') return this.#answer(item, phase, read);
    item.phase = phase;
    if (phase === 'unsure') return this.#answer(item, phase, read);
    // Going again (retried in the Outbox): the last answer is not this attempt's, so it is not shown.
    if (phase === 'queued' || phase === 'sending') {
      item.result = null;
      item.message = null;
    }
    // Waiting again, it starts from nothing; not when sending, whose news may come after its first progress.
    if (phase === 'queued') item.sent = null;
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

  /**
   * The technician's Undo of a Discard on this row, as the Outbox's (`outbox.restore`): the upload is failed
   * or unsure again as it was, and its Retry sends the same bytes. Main refuses once it no longer keeps the
   * staged copy (a day after the discard), or when the upload changed since; the row says why.
   */
  async putBack(item: UploadItem): Promise<void> {
    const id = item.entryId;
    if (id === null) return;
    const r = await this.api.invoke('outbox.restore', { id });
    await this.#readNow(item, id);
    if (r.ok && r.value.restored > 0) return;
    item.message = r.ok
      ? (r.value.notRestored[0]?.why ?? 'Not put back: main did not say why')
      : `Not put back: ${r.error.message}`;
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
    await this.#readNow(item, id);
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
    await this.#whileCopying(() => this.#copyDropped(files, isGlobal));
  }

  async #copyDropped(files: readonly File[], isGlobal: boolean): Promise<void> {
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
        await this.#queueUnlessSame(item, staged);
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
    await this.#whileCopying(() => this.#copyPicked(picked.files, isGlobal));
  }

  async #copyPicked(files: ChannelResponse<'files.pickForUpload'>['files'], isGlobal: boolean): Promise<void> {
    for (const f of files) {
      const item = this.#add(f.name, f.size, isGlobal);
      item.copiedByMain = true;
      try {
        const staged = await call(this.api, 'upload.stagePicked', { fileId: f.id });
        item.staged = f.size;
        await this.#queueUnlessSame(item, staged);
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
      storedOnly: storedOnlyNote(name, isLocalSandbox(this.service)),
      staged: 0,
      copiedByMain: false,
      sent: null,
      sha256: null,
      entryId: null,
      requeue: null,
      result: null,
      message: null,
      isGlobal,
    });
    // The proxy the array holds, so later changes to the item reach the page.
    return this.items[this.items.length - 1]!;
  }

  /**
   * A copy just made is queued, unless the same file (name and contents) is being uploaded already or
   * was lately, in this list or in the Outbox (main's `sameAs`): the service would store it twice, and
   * the row asks first. Not asked, it is not sent.
   */
  async #queueUnlessSame(item: UploadItem, staged: ChannelResponse<'upload.stageFinish'>): Promise<void> {
    item.sha256 = staged.sha256;
    const same = this.#sameSaid(item, staged.sameAs);
    if (same === null) return this.#enqueue(item, staged.stagedId);
    item.phase = 'same';
    item.requeue = staged.stagedId;
    item.message = same;
  }

  /** What the row says of the same file already uploaded or on its way, or null when there is none. */
  #sameSaid(item: UploadItem, inOutbox: SameUpload | undefined): string | null {
    if (inOutbox) {
      const when = inOutbox.state === 'done' ? ` ${whenSaid(new Date(inOutbox.at))}` : '';
      return `The same file (name and contents) is in the Outbox already, #${inOutbox.id}: ${stateSaidInLine(inOutbox.state)}${when}.`;
    }
    // One of this list main does not know of yet: its copy made a moment before, still being queued.
    const listed = this.items.some(
      (o) =>
        o !== item &&
        o.name === item.name &&
        o.sha256 === item.sha256 &&
        (o.entryId === null ? o.phase === 'staging' : o.phase !== 'discarded' && o.phase !== 'cancelled'),
    );
    return listed ? 'The same file (name and contents) is in this list already.' : null;
  }

  /** The user's "Upload again" on a file being uploaded already: the copy made is queued after all. */
  async uploadAgain(item: UploadItem): Promise<void> {
    if (item.phase !== 'same') return;
    item.phase = 'staging';
    await this.queueAgain(item);
  }

  /** The user's "No" to uploading the same file again: nothing is sent; main removes the unqueued copy later. */
  notAgain(item: UploadItem): void {
    if (item.phase !== 'same') return;
    item.phase = 'skipped';
    item.requeue = null;
    item.message = null;
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
   * Answers what the screen says: queued, or NOT RECORDED with main's reason. The same image already
   * queued for the same page (a second press, the first still on its way or there) is not queued again
   * unless `again`: `ask` is then set, and `said` is the question for the user.
   */
  async attachImage(
    item: UploadItem,
    page: string,
    again = false,
  ): Promise<{ said: string; ok: boolean; ask?: boolean }> {
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
    // A space copied along with the page's ID is no part of it: the service found no page 'EXP-0001 '; nor is
    // the AIM id a keyboard scanner set to send one types in front (]C0EXP-0001).
    const hrid = typedCode(page);
    if (!hrid) return { said: 'Not embedded: give the page (its HRID) first', ok: false };
    const key = embedKey(fileId, hrid);
    const before = this.#embeds.get(key);
    if (!again && before !== undefined && before !== 'queueing') {
      const there = await this.#embedStands(before);
      if (there)
        return { said: `${item.name} ${EMBED_STANDS[there]} ${hrid}. Embed it a second time?`, ok: false, ask: true };
    }
    // Another press got there first (while main answered it, or while this one read its last embed).
    const now = this.#embeds.get(key);
    if (now === 'queueing' || now !== before)
      return { said: `${item.name} is being queued to be embedded in ${hrid} already`, ok: false };
    // Taken before main answers: a second press meanwhile finds it (queued twice, it was put in twice).
    this.#embeds.set(key, 'queueing');
    try {
      const { id } = await call(this.api, 'outbox.enqueue', {
        intent: {
          type: 'attach-image',
          request: {
            hrid,
            image_uuid: fileId,
            image_name: item.name,
            image_mime_type: mime,
            position: 'append',
          },
        },
        readFrom: this.service,
      });
      this.#embeds.set(key, Number(id));
      return { said: `${item.name} queued to be embedded in ${hrid}`, ok: true };
    } catch (err) {
      if (before === undefined) this.#embeds.delete(key);
      else this.#embeds.set(key, before);
      return { said: notRecorded(err), ok: false };
    }
  }

  /**
   * Whether an embed queued from here will put, or put, the image in its page: its entry waiting, on its
   * way, done, or unsure whether it arrived. One refused, cancelled or discarded put nothing there. One
   * the outbox no longer keeps may be there (as the Labflow link reads it), so the user is asked.
   */
  async #embedStands(id: number): Promise<keyof typeof EMBED_STANDS | null> {
    const r = await this.api.invoke('outbox.await', { id, timeoutMs: 0 });
    // Not read: it may well be there, so the user is asked rather than the image put in twice.
    if (!r.ok) return 'pending';
    const { state, gone } = r.value;
    if (gone) return 'gone';
    return state === 'pending' || state === 'sending' || state === 'done' || state === 'uncertain' ? state : null;
  }

  /** A settled upload's phase, answer and line, from its entry as read now (`news`: its state in the news). */
  async #answer(item: UploadItem, news: UploadPhase, given?: EntryRead): Promise<void> {
    if (item.entryId === null) return;
    const r = given ?? (await this.api.invoke('outbox.await', { id: item.entryId, timeoutMs: 0 }));
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
    const mayHaveArrived = r.value.mayHaveArrived;
    // A failed upload in the Outbox's words (failedEntryShown): one that may be on the service all the same
    // (its tries gave up after one that may have got through) is "unsure", with the Outbox's choices; said
    // "failed" here, it read as not there while the Outbox said "Unsure whether it arrived". One recorded
    // sent whose status says it was not stored (an older version's) is refused or failed by its error.
    if (read === 'failed') item.phase = FAILED_PHASE[failedEntryShown(error, mayHaveArrived)];
    else if (item.result && fileRefused(item.result.status))
      item.phase = failedShown(error) === 'refused' ? 'refused' : 'failed';
    else item.phase = read;
    // A failed upload is said as the Outbox says its entry, with its advice to look first when it may be
    // there; a sent one by the service's note on the file.
    const advice = read === 'failed' && item.phase === 'unsure' && mayHaveArrived ? lookFirst(mayHaveArrived) : null;
    item.message =
      (item.phase === 'failed' || item.phase === 'refused' || item.phase === 'unsure') && error
        ? shownErrorLine(shownError(error), advice ?? undefined)
        : (item.result?.message ?? null);
  }
}
