import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import type { IpcResult } from '../../../shared/ipc/result.js';
import type { Intent } from '../../../shared/outbox/intents.js';
import { fromIpcError, fromUnknown, fromWriteError, type ShownError } from './lib/errors.js';

/**
 * Where one write stands. `queued` means it is durably in the outbox but the service has not
 * answered yet (offline, paused for a token): it will still be sent, and the Outbox screen shows it.
 * `sending` means the request is with the service and its answer has not come: the panel keeps
 * following it for a while (SENDING_FOLLOW_MS). `unconfirmed` means this page lost main before the
 * outbox answered: the write may or may not be in it, and pressing again sends the same key, so main
 * answers the entry the first press made instead of queueing a second.
 */
export type WritePhase =
  'idle' | 'queueing' | 'syncing' | 'sending' | 'done' | 'failed' | 'uncertain' | 'queued' | 'unconfirmed';

/** How long a panel waits for the service's answer before saying "queued, will be sent later". */
export const DEFAULT_WRITE_WAIT_MS = 20_000;
/**
 * How much longer a write still being sent at that point is followed: a request's attempt is bounded
 * (30 s in main's client), so most settle well within it and the panel shows their answer (a labsheet
 * created opens). Past it the Outbox screen is where its answer is seen.
 */
export const SENDING_FOLLOW_MS = 120_000;
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
  /** True while the panel still follows an entry being sent (phase `sending`). */
  following = $state(false);

  readonly busy = $derived(this.phase === 'queueing' || this.phase === 'syncing' || this.following);

  #api: BenchlinkApi;
  #readFrom: string | null;
  /** The last write queued, as sent: the same one again while it is still on its way is not queued twice. */
  #queuedAs: string | null = null;
  /**
   * The idempotency key the last write was queued with: the same write pressed again after main's answer
   * was lost (`unconfirmed`) is sent with it, and main answers the entry it already made, if it made one.
   */
  #key: string | null = null;
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
    this.following = false;
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
    // Queued (offline), being sent or unsure, the form still shows it and its button works: a second press
    // queued a second labspace create, which a service that allows two of a name makes twice.
    const as = JSON.stringify(intent);
    const same = as === this.#queuedAs;
    if ((this.phase === 'queued' || this.phase === 'uncertain' || this.phase === 'sending') && same) {
      const where = {
        queued: 'sent when the service answers',
        sending: 'being sent now, and its answer shows there',
        uncertain: 'there for you to decide on',
      }[this.phase];
      this.error = {
        text: `Already in the outbox as entry #${this.entryId ?? '?'}: it is ${where} (the Outbox shows it). Change something to queue another.`,
      };
      return null;
    }
    // Pressed again after main's answer was lost: the same key, so main answers the entry the first press
    // made, if it made one, and queues it once if not.
    const key = this.phase === 'unconfirmed' && same && this.#key ? this.#key : crypto.randomUUID();
    this.reset();
    this.#queuedAs = as;
    this.#key = key;
    this.phase = 'queueing';
    let queued: IpcResult<ChannelResponse<'outbox.enqueue'>>;
    try {
      queued = await this.#api.invoke('outbox.enqueue', {
        intent,
        key,
        ...(this.#readFrom === null ? {} : { readFrom: this.#readFrom }),
      });
    } catch (err) {
      // No answer at all (the connection closed under the call): whether main committed it is not known.
      return this.#unconfirmed(fromUnknown(err).text);
    }
    if (!queued.ok)
      return queued.error.code === 'disconnected'
        ? this.#unconfirmed(queued.error.message)
        : this.#fail(fromIpcError(queued.error));
    const id = Number(queued.value.id);
    this.entryId = id;
    this.phase = 'syncing';
    try {
      const settled = await this.#awaitSettled(id, waitMs);
      // The entry is in the outbox whatever happened to this wait (the page lost main, the wait gave up):
      // it is said queued, and the same write is not queued again.
      if (!settled.ok) return this.#lostTrack(id);
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
      if (state === 'sending') {
        this.error = {
          text: `No answer from the service after ${Math.round((waitMs + SENDING_FOLLOW_MS) / 1000)} s: the Outbox screen shows how entry #${id} ends. It is not sent again meanwhile.`,
        };
        this.phase = 'sending';
        return null;
      }
      this.phase = state === 'failed' ? 'failed' : state === 'uncertain' ? 'uncertain' : 'queued';
      return null;
    } catch {
      return this.#lostTrack(id);
    } finally {
      this.following = false;
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
   * couple of seconds instead of holding a spinner for the whole wait. An entry still being sent at the
   * end of the wait is followed on (phase `sending`, bounded by SENDING_FOLLOW_MS): it is in flight, not
   * waiting for the service to be reached, and its answer (a labsheet created) is still the panel's.
   */
  async #awaitSettled(id: number, waitMs: number) {
    const deadline = Date.now() + waitMs;
    const followUntil = deadline + SENDING_FOLLOW_MS;
    for (;;) {
      const now = Date.now();
      const until = now >= deadline ? followUntil : deadline;
      // Past the wait, each slice is a real one: main answers as soon as the entry settles.
      const timeoutMs = Math.max(0, Math.min(WAIT_SLICE_MS, until - now));
      const r = await this.#api.invoke('outbox.await', { id, timeoutMs });
      if (!r.ok) return r;
      const { state, error } = r.value;
      if ((state !== 'pending' && state !== 'sending') || error) return r;
      const at = Date.now();
      if (at < deadline) continue;
      if (state !== 'sending' || at >= followUntil) return r;
      this.phase = 'sending';
      this.following = true;
    }
  }

  /**
   * Queued for certain, but this page no longer knows how it goes (its wait failed: main not heard from,
   * the connection lost): the Outbox does. The wait's own words ("nothing was changed, trying again is
   * safe") are about the wait, not the write, so they are not shown.
   */
  #lostTrack(id: number): null {
    this.error = {
      text: `This page lost track of entry #${id} before the service's answer came. Check the Outbox screen for how it ends before doing it again.`,
    };
    this.phase = 'queued';
    return null;
  }

  /** Main's answer to the enqueue was lost: said as the bench says it (notRecorded), never "refused". */
  #unconfirmed(why: string): null {
    this.error = {
      text: `NOT CONFIRMED: ${why.replace(/\.$/, '')} before the outbox answered: this may or may not have been queued. Look in the Outbox screen; pressing again does not queue it twice.`,
    };
    this.phase = 'unconfirmed';
    return null;
  }

  #fail(error: ShownError): null {
    this.error = error;
    this.phase = 'failed';
    return null;
  }
}
