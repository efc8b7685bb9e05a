import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type {
  OutboxChanged,
  OutboxCounts,
  OutboxEntryState,
  SyncStatusPayload,
} from '../../../shared/ipc/channels/outbox.js';
import { noCounts } from '../../../shared/ipc/channels/outbox.js';

type ChangeListener = (changes: OutboxChanged['changes']) => void;

/** Queue counts and sync state for the whole app, kept fresh by `outbox.changed` / `sync.status`. */
export class OutboxState {
  counts = $state<OutboxCounts>(noCounts());
  sync = $state<SyncStatusPayload | null>(null);
  /** Bumped on every change so lists can refetch. */
  revision = $state(0);
  #listeners = new Set<ChangeListener>();
  #rejoined = new Set<() => void>();
  #offs: Array<() => void> = [];

  constructor(private readonly api: BenchlinkApi) {}

  async start(): Promise<void> {
    this.#offs.push(
      this.api.subscribe('outbox.changed', (c) => {
        this.counts = c.counts;
        this.revision++;
        if (c.changes.length > 0) for (const l of this.#listeners) l(c.changes);
      }),
      this.api.subscribe('sync.status', (s) => (this.sync = s)),
      // The counts are the connection's: a switch changes which entries will be sent and which wait,
      // without any entry changing, so they are read again (and lists refetch).
      this.api.subscribe('settings.changed', () => void this.refreshCounts()),
      // A host restarted while the page waited: what its start and first sync changed was said to no
      // one, so the counts (and lists, by the revision) and the sync state are read again, and so are
      // the entries the screens follow (onReconnect).
      this.api.onReconnect?.(() => {
        void this.refreshCounts();
        void this.api.invoke('sync.status', {}).then((r) => {
          if (r.ok) this.sync = r.value;
        });
        for (const l of [...this.#rejoined]) l();
      }) ?? (() => undefined),
    );
    const [counts, sync] = await Promise.all([
      this.api.invoke('outbox.counts', {}),
      this.api.invoke('sync.status', {}),
    ]);
    if (counts.ok) this.counts = counts.value;
    if (sync.ok) this.sync = sync.value;
  }

  private async refreshCounts(): Promise<void> {
    const counts = await this.api.invoke('outbox.counts', {});
    if (!counts.ok) return;
    this.counts = counts.value;
    this.revision++;
  }

  stop(): void {
    for (const off of this.#offs.splice(0)) off();
  }

  /** Per-entry state changes, for workflows that colour their own rows/wells. */
  onChange(l: ChangeListener): () => void {
    this.#listeners.add(l);
    return () => this.#listeners.delete(l);
  }

  /**
   * The page is back with main after losing it (the browser host's socket dropped, the host restarted):
   * the entry news sent meanwhile never came, so a screen following its entries by `onChange` reads the
   * ones not settled again here, or their rows keep the last state heard ("waiting to be sent") for ever.
   */
  onReconnect(l: () => void): () => void {
    this.#rejoined.add(l);
    return () => this.#rejoined.delete(l);
  }

  get open(): number {
    return this.counts.pending + this.counts.sending + this.counts.failed + this.counts.uncertain;
  }
}

export const isSettled = (s: OutboxEntryState) =>
  s === 'done' || s === 'failed' || s === 'uncertain' || s === 'cancelled' || s === 'discarded';
