import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { fromIpcError, fromUnknown, fromWriteError, type ShownError } from './lib/errors.js';

/**
 * Where one write stands. `queued` means it is durably in the outbox but the service has not
 * answered yet (offline, paused for a token): it will still be sent, and the Outbox screen shows it.
 */
export type WritePhase = 'idle' | 'queueing' | 'syncing' | 'done' | 'failed' | 'uncertain' | 'queued';

/** How long a panel waits for the service's answer before saying "queued, will be sent later". */
export const DEFAULT_WRITE_WAIT_MS = 20_000;
const WAIT_SLICE_MS = 2_000;

/**
 * One write through the outbox, like every write in the app: enqueue (durable), then wait for the
 * sync to settle the entry so the panel can show the server's own answer — a created template,
 * a 422 with its reason — instead of only "queued".
 */
export class WriteTask<T> {
  phase = $state<WritePhase>('idle');
  result = $state<T | null>(null);
  error = $state<ShownError | null>(null);
  entryId = $state<number | null>(null);

  readonly busy = $derived(this.phase === 'queueing' || this.phase === 'syncing');

  #api: BenchlinkApi;
  #readFrom: string | null;
  /** The last write queued, as sent: the same one again while it is still on its way is not queued twice. */
  #queuedAs: string | null = null;
  #parse: (raw: unknown) => T | null;

  /**
   * `readFrom`: the service (`serviceIdentity`) the panel read what its writes name (a labsheet, a
   * row, a location, a page) from, so main refuses them once another service is in use; null for a
   * panel whose writes name nothing read from a service. `parse` checks the server's answer with the
   * endpoint's own response schema.
   */
  constructor(api: BenchlinkApi, readFrom: string | null, parse: (raw: unknown) => T | null) {
    this.#api = api;
    this.#readFrom = readFrom;
    this.#parse = parse;
  }

  reset(): void {
    this.phase = 'idle';
    this.result = null;
    this.error = null;
    this.entryId = null;
  }

  /**
   * Null, queueing nothing, while the last is still on its way: a key held or pressed twice (Ctrl+Enter
   * on a webhook) went past the disabled button and queued the write twice, a webhook delivered twice.
   */
  async submit(intent: Intent, waitMs = DEFAULT_WRITE_WAIT_MS): Promise<T | null> {
    if (this.busy) return null;
    // Queued (offline) or unsure, the form still shows it and its button works: a second press queued a
    // second labspace create, which a service that allows two of a name makes twice.
    const as = JSON.stringify(intent);
    if ((this.phase === 'queued' || this.phase === 'uncertain') && as === this.#queuedAs) {
      this.error = {
        text: `Already in the outbox as entry #${this.entryId ?? '?'}: it is ${this.phase === 'queued' ? 'sent when the service answers' : 'there for you to decide on'} (the Outbox shows it). Change something to queue another.`,
      };
      return null;
    }
    this.reset();
    this.#queuedAs = as;
    this.phase = 'queueing';
    try {
      const queued = await this.#api.invoke('outbox.enqueue', {
        intent,
        ...(this.#readFrom === null ? {} : { readFrom: this.#readFrom }),
      });
      if (!queued.ok) return this.#fail(fromIpcError(queued.error));
      const id = Number(queued.value.id);
      this.entryId = id;
      this.phase = 'syncing';
      const settled = await this.#awaitSettled(id, waitMs);
      if (!settled.ok) return this.#fail(fromIpcError(settled.error));
      const { state, result, error } = settled.value;
      if (state === 'done') {
        this.result = this.#parse(result);
        // Done is done: an answer in an unexpected shape does not make the write fail, but the user
        // should know why no details follow. Callers check `phase`, not only the result.
        if (this.result === null)
          this.error = {
            text: 'The service accepted this, but its answer was not in the expected form, so no details can be shown.',
          };
        this.phase = 'done';
        return this.result;
      }
      if (error) this.error = fromWriteError(error);
      if (state === 'discarded' || state === 'cancelled') {
        // Someone took it out of the outbox (Outbox screen) while this panel waited: it will not be sent.
        this.error = { text: `The entry was ${state} in the Outbox and will not be sent.` };
        this.entryId = null;
        this.phase = 'failed';
        return null;
      }
      this.phase = state === 'failed' ? 'failed' : state === 'uncertain' ? 'uncertain' : 'queued';
      return null;
    } catch (err) {
      return this.#fail(fromUnknown(err));
    }
  }

  /**
   * A refused write stays in the outbox (never dropped silently); once the user has read the
   * reason here, this removes it so it does not linger in the Outbox screen.
   */
  async discard(): Promise<void> {
    if (this.entryId === null) return this.reset();
    const r = await this.#api.invoke('outbox.discard', { id: this.entryId });
    if (r.ok && r.value.ok) this.reset();
    else this.error = r.ok ? { text: r.value.message ?? 'The outbox kept this entry.' } : fromIpcError(r.error);
  }

  /**
   * Waits in short slices: an entry that is still pending but already carries an error could not
   * reach the service (offline, token needed, backing off). Then the panel says "queued" within a
   * couple of seconds instead of holding a spinner for the whole wait.
   */
  async #awaitSettled(id: number, waitMs: number) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const timeoutMs = Math.max(0, Math.min(WAIT_SLICE_MS, deadline - Date.now()));
      const r = await this.#api.invoke('outbox.await', { id, timeoutMs });
      const unsettled = r.ok && (r.value.state === 'pending' || r.value.state === 'sending');
      if (!unsettled || r.value.error || Date.now() >= deadline) return r;
    }
  }

  #fail(error: ShownError): null {
    this.error = error;
    this.phase = 'failed';
    return null;
  }
}
