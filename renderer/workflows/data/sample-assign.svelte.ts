import type { IdType } from '../../../shared/api/primitives.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import { fromIpcError, fromWriteError, type ShownError } from './lib/errors.js';

/** One sample to assign: its ID, and the position when the location is a manifest. */
export type SampleLine = { id: string; position?: string };

/**
 * Samples assigned to a location from the Data screen: one intent per sample, exactly as the Assign
 * location workflow queues them (the sync engine coalesces them into one request per location), each
 * naming the service the location was read from, then the service's answers.
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
    this.phase = 'busy';
    this.error = null;
    this.done = 0;
    const ids: number[] = [];
    for (const l of lines) {
      const r = await this.api.invoke('outbox.enqueue', {
        intent: { type: 'location-assign', labsheet, locationId: this.locationId, idType, ...l },
        readFrom: this.readFrom,
      });
      if (!r.ok) {
        this.error = fromIpcError(r.error);
        this.phase = 'idle';
        return;
      }
      ids.push(Number(r.value.id));
    }
    const settled = await Promise.all(ids.map((id) => this.api.invoke('outbox.await', { id, timeoutMs: 20_000 })));
    for (const s of settled) {
      if (!s.ok) this.error = fromIpcError(s.error);
      else if (s.value.state === 'done') this.done++;
      else if (s.value.error) this.error = fromWriteError(s.value.error);
    }
    this.phase = this.done === ids.length ? 'done' : this.error ? 'idle' : 'queued';
  }
}
