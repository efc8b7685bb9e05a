import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { BulkTab, OutboxEntrySummary } from '../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import {
  heldElsewhereSaid,
  isBulkTab,
  isLookBack,
  moreThanListedSaid,
  RECENT_LIMIT,
  TAB_LIMIT,
  tabQuery,
  type OutboxFilter,
} from './outbox-tabs.js';
import {
  bulkOffers,
  discardAllQuestion,
  discardedAllSaid,
  nothingLeftSaid,
  restoredSaid,
  UPLOAD_DISCARDED_SAID,
  retriedAllSaid,
  UNDOING_SAID,
  workingSaid,
} from './bulk-said.js';
import { rowToFocus } from './focus-after.js';
import { syncNowSaid } from './sync-now-said.js';

export type { OutboxFilter };

/**
 * How long after the time a line names ("Retrying at 14:32") the list is read again: the engine's own
 * wake-up at that time goes first, so the entry read is on its way, not still said to wait for it.
 */
const READ_AGAIN_AFTER_MS = 250;
/** The waiting entries read to say why they wait after Sync now: the oldest, and whether others wait otherwise. */
const WAITING_READ = 100;

/** The outbox panel's list and the user's actions on entries; every action answers a sentence. */
export class OutboxList {
  entries = $state<OutboxEntrySummary[]>([]);
  filter = $state<OutboxFilter>('open');
  #message = $state<{ text: string; ok: boolean } | null>(null);
  /**
   * What the Undo beside the answer puts back (its button, Ctrl+Z in the Outbox): the entry a row's Discard
   * took out, or a "Discard all" by main's mark. Offered right after a Discard only: any other answer
   * replaces it, so an Undo never reaches back past what the screen last said.
   */
  undo = $state<{ entry: number } | { mark: number } | null>(null);
  /** How many entries the tab holds, as main counts the whole tab (not only the TAB_LIMIT listed); null: not known. */
  total = $state<number | null>(null);
  /** "Discard all" asked first: the question, and main's ids of the entries it counts. */
  asking = $state<{ tab: BulkTab; ids: number[]; text: string; confirm: string } | null>(null);
  /** Said while main does a bulk action (thousands of entries take a moment): the screen is working, not stuck. */
  working = $state<string | null>(null);
  confirming = $state<number | null>(null);
  editing = $state<{ id: number; text: string } | null>(null);
  /**
   * Why the list on screen may be out of date (main could not be asked). Apart from `message`, so
   * the answer to an action ("Discarded") is not hidden by it, and the user does not act on
   * entries whose state the screen no longer knows without being told.
   */
  listError = $state<string | null>(null);
  /** Said when the tab holds more entries than it lists (TAB_LIMIT): how many, and what lets the next ones in. */
  moreThanListed = $state<string | null>(null);
  /** Said when other services hold entries of this tab, which it does not list: how many, and for whom. */
  heldElsewhere = $state<string | null>(null);
  /**
   * Where the keyboard goes after an action on a row (rowToFocus), for the screen to move it there: the
   * button pressed is gone once its row changed or left the list. `row` null: no row is left.
   */
  focus = $state<{ row: number | null } | null>(null);

  /** The listing on its way to main (of which tab), and the one more asked for meanwhile, shared by every caller since. */
  #reading: { filter: OutboxFilter; read: Promise<void> } | null = null;
  #readNext: Promise<void> | null = null;
  /** The read of the list again when the first time its lines name has come (readAgainAt). */
  #again: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly api: BenchlinkApi) {}

  /** The answer to the last action. A new one takes the Undo offer away (set again after a Discard's). */
  get message(): { text: string; ok: boolean } | null {
    return this.#message;
  }
  set message(m: { text: string; ok: boolean } | null) {
    this.#message = m;
    this.undo = null;
  }

  /**
   * Reads the list again. One listing of a tab at a time: the queue changes up to 20 times a second while a
   * rack's moves are sent, and main took 50–90 ms to list 500 of 5,000 waiting entries, so listings asked
   * for while one was on its way piled up on main's thread (the scans' and the sync's too). One asked for
   * meanwhile runs once that one is answered, for every caller since: each still sees the list as it is
   * after it asked. Another tab chosen is listed at once.
   */
  refresh(): Promise<void> {
    const filter = this.filter;
    if (!this.#reading || this.#reading.filter !== filter) {
      const read = this.#read(filter).finally(() => {
        if (this.#reading?.read === read) this.#reading = null;
      });
      this.#reading = { filter, read };
      this.#readNext = null;
      return read;
    }
    if (this.#readNext) return this.#readNext;
    // After that one however it ended: one that failed must not leave every later read waiting on it.
    const next = this.#reading.read
      .catch(() => undefined)
      .then(() => {
        if (this.#readNext === next) this.#readNext = null;
        return this.refresh();
      });
    this.#readNext = next;
    return next;
  }

  async #read(filter: OutboxFilter): Promise<void> {
    const query = tabQuery(filter);
    // The tab lists the service in use's entries, as the counts count them; how many more other services
    // hold is asked with it, so the list and the line saying what it leaves out are drawn together.
    const [r, total] = await Promise.all([
      this.api.invoke(
        'outbox.list',
        isLookBack(filter) ? { ...query, newest: true, limit: RECENT_LIMIT } : { ...query, limit: TAB_LIMIT },
      ),
      isLookBack(filter) ? null : this.api.invoke('outbox.listTotal', query),
    ]);
    // Another tab chosen meanwhile (its own listing follows): the previous tab's list is never shown under
    // the new tab's name.
    if (filter !== this.filter) return;
    if (!r.ok) {
      this.listError = `The list could not be read (${r.error.message}): what it shows may be out of date.`;
      return;
    }
    this.listError = null;
    this.entries = r.value;
    this.#readAgainAt(r.value);
    const counted = total?.ok ? total.value : null;
    this.total = counted?.total ?? null;
    this.moreThanListed = moreThanListedSaid(filter, r.value.length, counted?.total ?? null);
    this.heldElsewhere = heldElsewhereSaid(filter, counted?.elsewhere ?? []);
  }

  /**
   * Main's lines say when a waiting entry goes again ("Retrying at 14:32", `waitingUntil`); the list is
   * otherwise read again only when the queue changes, and nothing may change by then (a long upload ahead
   * of the retry, the service gone quiet), so it is read again when the first of those times comes: a line
   * never names a time gone by.
   */
  #readAgainAt(entries: readonly OutboxEntrySummary[]): void {
    this.stop();
    const times = entries.flatMap((e) => (e.waitingUntil === undefined ? [] : [e.waitingUntil]));
    if (times.length === 0) return;
    const delay = Math.max(0, Math.min(...times) - Date.now()) + READ_AGAIN_AFTER_MS;
    this.#again = setTimeout(() => {
      this.#again = null;
      void this.refresh();
    }, delay);
  }

  /** No more reads of its own (the screen is gone). */
  stop(): void {
    if (this.#again !== null) clearTimeout(this.#again);
    this.#again = null;
  }

  async act(channel: 'outbox.retry' | 'outbox.discard' | 'outbox.cancel', id: number, done: string): Promise<void> {
    const before = this.#listed();
    const r = await this.api.invoke(channel, { id });
    this.message = r.ok
      ? { text: r.value.ok ? done : (r.value.message ?? 'Not possible now'), ok: r.value.ok }
      : { text: r.error.message, ok: false };
    if (channel === 'outbox.discard' && r.ok && r.value.ok) {
      // An upload's Undo is bound by how long its staged copy is kept: said, so a later Restore's refusal is no surprise.
      if (this.entries.find((e) => e.id === id)?.type === 'file-upload')
        this.message = { text: UPLOAD_DISCARDED_SAID, ok: true };
      this.undo = { entry: id };
    }
    this.confirming = null;
    await this.refresh();
    this.#focusAfter(before, id);
  }

  async reconcile(id: number, resolution: 'mark-done' | 'resend' | 'discard'): Promise<void> {
    const before = this.#listed();
    const r = await this.api.invoke('outbox.reconcile', { id, resolution });
    const what = { 'mark-done': 'Marked as done', resend: 'Will be sent again', discard: 'Discarded' }[resolution];
    this.message =
      r.ok && r.value.ok
        ? { text: what, ok: true }
        : { text: r.ok ? (r.value.message ?? 'Not possible for this entry') : r.error.message, ok: false };
    if (resolution === 'discard' && r.ok && r.value.ok) this.undo = { entry: id };
    await this.refresh();
    this.#focusAfter(before, id);
  }

  /** The tab's buttons for all its entries, by main's count of the whole tab; null where it has none. */
  get bulk(): { discard: string; retry: string | null } | null {
    return isBulkTab(this.filter) && this.total !== null && this.total > 0 ? bulkOffers(this.filter, this.total) : null;
  }

  /**
   * "Discard all" asks first, counting the entries main names now (its ids), so the question says how many
   * and the Discard takes those only: one refused after the question is not discarded unasked.
   */
  async askDiscardAll(): Promise<void> {
    const tab = this.filter;
    if (!isBulkTab(tab) || this.working !== null) return;
    const ids = await this.#tabIds(tab);
    if (ids === null || tab !== this.filter) return;
    const n = ids.ids.length;
    this.asking = {
      tab,
      ids: ids.ids,
      text: discardAllQuestion(tab, n, Math.max(ids.total, n), ids.uploads),
      confirm: `Yes, discard ${n === 1 ? 'it' : `all ${n}`}`,
    };
  }

  /** The question is not wanted: nothing changes. */
  keepAll(): void {
    this.asking = null;
  }

  /** The user said yes: main discards them in one transaction, by the single Discard's rule. */
  async discardAll(): Promise<void> {
    const q = this.asking;
    if (!q || this.working !== null) return;
    this.asking = null;
    this.working = workingSaid('discard', q.ids.length, q.tab);
    try {
      const r = await this.api.invoke('outbox.discardMany', { ids: q.ids, shown: q.tab });
      this.message = r.ok
        ? { text: discardedAllSaid(q.tab, r.value), ok: r.value.discarded > 0 }
        : { text: r.error.message, ok: false };
      if (r.ok && r.value.undo !== undefined) this.undo = { mark: r.value.undo };
    } finally {
      this.working = null;
    }
    await this.refresh();
    this.focus = { row: null };
  }

  /** The Failed tab's "Retry all": each still failed goes again, sent as far as no backoff holds it. */
  async retryAll(): Promise<void> {
    const tab = this.filter;
    if (tab !== 'failed' || this.working !== null) return;
    const ids = await this.#tabIds(tab);
    if (ids === null) return;
    this.working = workingSaid('retry', ids.ids.length, tab);
    try {
      const r = await this.api.invoke('outbox.retryMany', { ids: ids.ids });
      const rest = Math.max(0, ids.total - ids.ids.length);
      this.message = r.ok
        ? { text: retriedAllSaid(r.value, rest), ok: r.value.retried > 0 && r.value.refused === 0 }
        : { text: r.error.message, ok: false };
    } finally {
      this.working = null;
    }
    await this.refresh();
    this.focus = { row: null };
  }

  /**
   * Undo of the last Discard its answer offers it for (its button, Ctrl+Z in the Outbox): what it took out
   * goes back as it was, by main's rule, which says what could not.
   */
  async undoDiscard(): Promise<void> {
    const undo = this.undo;
    if (undo === null || this.working !== null) return;
    this.working = UNDOING_SAID;
    try {
      const r =
        'mark' in undo
          ? await this.api.invoke('outbox.undoDiscard', { mark: undo.mark })
          : await this.api.invoke('outbox.restore', { id: undo.entry });
      this.message = r.ok ? restoredSaid(r.value) : { text: r.error.message, ok: false };
    } finally {
      this.working = null;
    }
    await this.refresh();
    this.focus = { row: null };
  }

  /** Restore on a row of the Discarded tab: that entry goes back as it was, or its row says why not. */
  async restore(id: number): Promise<void> {
    const before = this.#listed();
    const r = await this.api.invoke('outbox.restore', { id });
    this.message = r.ok ? restoredSaid(r.value) : { text: r.error.message, ok: false };
    await this.refresh();
    this.#focusAfter(before, id);
  }

  /** Main's ids of a tab's entries now, or null (said) when there are none or main could not say. */
  async #tabIds(tab: BulkTab): Promise<{ ids: number[]; total: number; uploads: number } | null> {
    const r = await this.api.invoke('outbox.tabIds', { shown: tab });
    if (!r.ok) {
      this.message = { text: r.error.message, ok: false };
      return null;
    }
    if (r.value.ids.length === 0) {
      this.message = { text: nothingLeftSaid(tab), ok: false };
      await this.refresh();
      // The bulk button pressed is gone with the tab's entries: the keyboard goes to the answer, not <body>.
      this.focus = { row: null };
      return null;
    }
    return r.value;
  }

  /** The correction is not wanted: its panel closes, and the keyboard goes back to the entry's row. */
  cancelEdit(): void {
    const id = this.editing?.id;
    this.editing = null;
    if (id !== undefined) this.#focusAfter(this.#listed(), id);
  }

  #listed(): number[] {
    return this.entries.map((e) => e.id);
  }

  #focusAfter(before: readonly number[], id: number): void {
    this.focus = { row: rowToFocus(before, id, this.#listed()) };
  }

  /** Says what is left once the sync ran, read from the queue then (syncNowSaid), not from the sync's state. */
  async syncNow(): Promise<void> {
    const r = await this.api.invoke('outbox.syncNow', {});
    if (!r.ok) {
      this.message = { text: r.error.message, ok: false };
      await this.refresh();
      return;
    }
    const [counts, waiting, token] = await Promise.all([
      this.api.invoke('outbox.counts', {}),
      this.api.invoke('outbox.list', { states: ['pending'], limit: WAITING_READ }),
      this.api.invoke('token.status', {}),
    ]);
    this.message = syncNowSaid(
      r.value,
      counts.ok ? counts.value : null,
      waiting.ok ? waiting.value : [],
      token.ok && token.value.notReceived,
    );
    await this.refresh();
  }

  /**
   * The corrected intent replaces the failed entry in main, in one write: queueing a copy and then
   * discarding the original would, when the discard fails (the entry was retried meanwhile) or the
   * app stops between the two, send the change twice. Refused, the text stays open with the reason.
   */
  async saveEdit(): Promise<void> {
    const e = this.editing;
    if (!e) return;
    let intent: Intent;
    try {
      intent = JSON.parse(e.text) as Intent;
    } catch {
      this.message = { text: 'That is not valid JSON', ok: false };
      return;
    }
    const r = await this.api.invoke('outbox.replace', { id: e.id, intent });
    if (!r.ok || !r.value.ok) {
      const why = r.ok ? (r.value.message ?? 'Not possible now') : r.error.message;
      this.message = { text: `Correction of #${e.id} not queued: ${why}`, ok: false };
      await this.refresh();
      return;
    }
    const before = this.#listed();
    this.editing = null;
    this.message = { text: `Corrected entry queued (in the place of #${e.id})`, ok: true };
    await this.refresh();
    this.#focusAfter(before, e.id);
  }
}
