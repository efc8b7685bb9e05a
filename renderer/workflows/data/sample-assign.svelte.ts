import type { IdType } from '../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { MAX_INTENTS_PER_COMMIT } from '../../../shared/ipc/channels/outbox.js';
import { fromIpcError, fromWriteError, type ShownError } from './lib/errors.js';

/** One sample to assign: its ID, and the position when the location is a manifest. */
export type SampleLine = { id: string; position?: string };

/**
 * Samples assigned to a location from the Data screen: one intent per sample, exactly as the Assign
 * location workflow queues them (the sync engine coalesces them into one request per location), all in
 * one commit naming the service the location was read from, then the service's answers.
 */
export class SampleAssigner {
  phase = $state<'idle' | 'busy' | 'done' | 'queued'>('idle');
  error = $state<ShownError | null>(null);
  done = $state(0);

  constructor(
    readonly api: BenchlinkApi,
    /** The service (`serviceIdentity`) the location was read from: main refuses these once another is in use. */
    readonly readFrom: string,
    readonly locationId: string,
  ) {}

  async assign(labsheet: string, idType: IdType, lines: readonly SampleLine[]): Promise<void> {
    this.error = null;
    this.done = 0;
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
    const settled = await Promise.all(ids.map((id) => this.api.invoke('outbox.await', { id, timeoutMs: 20_000 })));
    for (const s of settled) {
      if (!s.ok) this.error = fromIpcError(s.error);
      else if (s.value.state === 'done') this.done++;
      else if (s.value.error) this.error = fromWriteError(s.value.error);
    }
    this.phase = this.done === ids.length ? 'done' : this.error ? 'idle' : 'queued';
  }
}
