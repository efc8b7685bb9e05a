import type { IdType } from '../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import { MAX_INTENTS_PER_COMMIT } from '../../../shared/ipc/channels/outbox.js';
import { counted } from '../../lib/format/counted.js';
import { fromIpcError, fromWriteError, type ShownError } from './lib/errors.js';
import { DEFAULT_WRITE_WAIT_MS } from './write-task.svelte.js';

/** One sample to assign: its ID, and the position when the location is a manifest. */
export type SampleLine = { id: string; position?: string };

/**
 * Waits held open at once. Main takes at most 32 from one page (main/ipc/bridges/outbox-bridge.ts) and
 * refuses the rest: one wait per sample of 40 had 8 refused, said as a failure though all 40 were sent.
 * A few are enough: the sync engine sends one location's samples in one request, so they settle together.
 */
const WAITS_AT_ONCE = 8;
/** One wait's slice: an entry still waiting that carries an error could not reach the service (queued). */
const WAIT_SLICE_MS = 2_000;

type EntryAnswer = ChannelResponse<'outbox.await'>;
const unsettled = (a: EntryAnswer): boolean => a.state === 'pending' || a.state === 'sending';
/** Waiting, and the last try could not reach the service (offline, a token needed, backing off). */
const heldBack = (a: EntryAnswer): boolean => unsettled(a) && a.error !== undefined;

/**
 * Samples assigned to a location from the Data screen: one intent per sample, exactly as the Assign
 * location workflow queues them (the sync engine coalesces them into one request per location), all in
 * one commit naming the service the location was read from, then the service's answers.
 */
export class SampleAssigner {
  phase = $state<'idle' | 'busy' | 'done' | 'queued'>('idle');
  error = $state<ShownError | null>(null);
  /** Of the last assignment: sent and taken by the service. */
  done = $state(0);
  /** Of the last assignment: still in the outbox, to be sent when the service answers. */
  queued = $state(0);
  /** Of the last assignment: how many samples were queued in all. */
  total = $state(0);

  constructor(
    readonly api: BenchlinkApi,
    /** The service (`serviceIdentity`) the location was read from: main refuses these once another is in use. */
    readonly readFrom: string,
    readonly locationId: string,
  ) {}

  /** What became of the samples still in the outbox, in a line: null when none are. */
  get queuedSaid(): string | null {
    if (this.queued === 0) return null;
    return `Queued in the outbox: ${counted(this.queued, 'sample')} will be sent when the service answers (the Outbox screen shows ${this.queued === 1 ? 'it' : 'them'}).`;
  }

  async assign(labsheet: string, idType: IdType, lines: readonly SampleLine[]): Promise<void> {
    this.error = null;
    this.done = 0;
    this.queued = 0;
    this.total = 0;
    if (lines.length > MAX_INTENTS_PER_COMMIT) {
      this.error = {
        text: `NOT RECORDED: ${lines.length} samples are more than one assignment takes (${MAX_INTENTS_PER_COMMIT}).`,
        hint: `Assign them in parts of at most ${MAX_INTENTS_PER_COMMIT} lines.`,
      };
      return;
    }
    this.phase = 'busy';
    // One commit, all or none: a refusal (another service in use, a full disk) leaves no part queued.
    const r = await this.api.invoke('outbox.enqueueMany', {
      intents: lines.map((l) => ({ type: 'location-assign', labsheet, locationId: this.locationId, idType, ...l })),
      readFrom: this.readFrom,
    });
    if (!r.ok) {
      this.error = fromIpcError(r.error);
      this.phase = 'idle';
      return;
    }
    const ids = r.value.ids.map(Number);
    this.total = ids.length;
    const answers = await this.#settle(ids);
    let failed = 0;
    for (const id of ids) {
      const a = answers.get(id);
      // Not read at all (main did not answer): it is in the outbox all the same, and goes when it can.
      if (a === undefined || unsettled(a)) this.queued++;
      else if (a.state === 'done') this.done++;
      else {
        failed++;
        this.error ??= a.error ? fromWriteError(a.error) : { text: `An assignment was ${a.state} in the Outbox.` };
      }
    }
    if (failed > 0 && this.error)
      this.error = {
        ...this.error,
        text: `${counted(failed, 'sample')} of ${ids.length} not assigned: ${this.error.text}`,
      };
    this.phase = failed > 0 ? 'idle' : this.queued > 0 ? 'queued' : 'done';
  }

  /**
   * Each entry's state once settled, or as it stands when the wait ends. A few waits at a time, each in
   * short slices; it stops waiting as soon as one entry could not reach the service (they would all wait
   * out the whole time offline). A wait main refuses is no failed write: the entry is read as it stands.
   */
  async #settle(ids: readonly number[]): Promise<Map<number, EntryAnswer>> {
    const answers = new Map<number, EntryAnswer>();
    const deadline = Date.now() + DEFAULT_WRITE_WAIT_MS;
    let open = [...ids];
    while (open.length > 0) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const group = open.slice(0, WAITS_AT_ONCE);
      const timeoutMs = Math.min(WAIT_SLICE_MS, left);
      const read = await Promise.all(group.map((id) => this.api.invoke('outbox.await', { id, timeoutMs })));
      read.forEach((a, k) => a.ok && answers.set(group[k]!, a.value));
      // None answered (main gone, every wait refused): nothing to wait on; each is read as it stands below.
      if (read.every((a) => !a.ok)) break;
      if (read.some((a) => a.ok && heldBack(a.value))) break;
      // A refused wait (too many open) gets no answer here: it is waited on again, or read below.
      open = open.filter((id) => {
        const a = answers.get(id);
        return a === undefined || unsettled(a);
      });
    }
    // Read as they stand (a read that does not wait is never refused): those not waited on, and the rest.
    const still = ids.filter((id) => {
      const a = answers.get(id);
      return a === undefined || unsettled(a);
    });
    const now = await Promise.all(still.map((id) => this.api.invoke('outbox.await', { id, timeoutMs: 0 })));
    now.forEach((a, k) => a.ok && answers.set(still[k]!, a.value));
    return answers;
  }
}
