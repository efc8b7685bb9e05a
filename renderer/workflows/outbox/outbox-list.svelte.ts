import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { OutboxEntrySummary } from '../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import {
  heldElsewhereSaid,
  moreThanListedSaid,
  RECENT_LIMIT,
  TAB_LIMIT,
  tabQuery,
  type OutboxFilter,
} from './outbox-tabs.js';
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
  message = $state<{ text: string; ok: boolean } | null>(null);
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

  /** The latest listing asked for: only its answer is shown. */
  #asked = 0;
  /** The read of the list again when the first time its lines name has come (readAgainAt). */
  #again: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly api: BenchlinkApi) {}

  async refresh(): Promise<void> {
    // Answers can come back out of order (a quick tab switch, a refresh on a queue change): an older
    // one shown last would put the previous tab's list under the new tab's name.
    const asked = ++this.#asked;
    const filter = this.filter;
    const query = tabQuery(filter);
    // The tab lists the service in use's entries, as the counts count them; how many more other services
    // hold is asked with it, so the list and the line saying what it leaves out are drawn together.
    const [r, total] = await Promise.all([
      this.api.invoke(
        'outbox.list',
        filter === 'done' ? { ...query, newest: true, limit: RECENT_LIMIT } : { ...query, limit: TAB_LIMIT },
      ),
      filter === 'done' ? null : this.api.invoke('outbox.listTotal', query),
    ]);
    if (asked !== this.#asked) return;
    if (!r.ok) {
      this.listError = `The list could not be read (${r.error.message}): what it shows may be out of date.`;
      return;
    }
    this.listError = null;
    this.entries = r.value;
    this.#readAgainAt(r.value);
    const counted = total?.ok ? total.value : null;
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
    await this.refresh();
    this.#focusAfter(before, id);
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
    const [counts, waiting] = await Promise.all([
      this.api.invoke('outbox.counts', {}),
      this.api.invoke('outbox.list', { states: ['pending'], limit: WAITING_READ }),
    ]);
    this.message = syncNowSaid(r.value, counts.ok ? counts.value : null, waiting.ok ? waiting.value : []);
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
