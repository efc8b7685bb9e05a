import { describe, expect, it } from 'vitest';
import { recordBuiltOn } from '../../../../main/plate-record/record-basis.js';
import type { CachedManifest, PendingWellChange } from '../../../../shared/ipc/channels/cache.js';
import { listedPlate } from './helpers.js';
import { PLATE_CHANGED } from '../../../../shared/ipc/channels/outbox.js';

const change = (position: string, over: Partial<PendingWellChange>): PendingWellChange => ({
  entryId: 1,
  state: 'failed',
  updatedAt: 0,
  intent: {
    type: 'well-set',
    manifest: { uuid: 'u1' },
    position,
    sample: { id: 'S-0001', labsheet: 'Samples' },
    label: '',
    tags: [],
  },
  error: null,
  mayHaveArrived: null,
  ...over,
});

const plate = (pending: PendingWellChange[]): CachedManifest => listedPlate({ pending });

describe('filing a plate one of whose well changes failed', () => {
  it('says a timeout as the Outbox says it, not as a refusal by the service', () => {
    const m = plate([
      change('A3', {
        error: { kind: 'timeout', message: 'The service did not answer within 30 s' },
        mayHaveArrived: 'gave-up',
      }),
    ]);
    expect(() => recordBuiltOn(m)).toThrow(/A3: unsure whether it arrived — The service did not answer within 30 s/);
    expect(() => recordBuiltOn(m)).not.toThrow(/refused/);
  });

  it('says a change held for a look once: its own words begin with "Needs a look"', () => {
    const m = plate([
      change('A2', {
        error: {
          kind: PLATE_CHANGED,
          message: 'Needs a look: plate PL-0003 changed on the service since these scans.',
        },
        mayHaveArrived: 'held',
      }),
    ]);
    expect(() => recordBuiltOn(m)).toThrow(/A2: Needs a look: plate PL-0003 changed on the service/);
    // The old words: "A2: needs a look — Needs a look: plate …".
    expect(() => recordBuiltOn(m)).not.toThrow(/needs a look — /i);
  });

  it('says a refusal as one, with the service’s reason', () => {
    const m = plate([change('G7', { error: { kind: 'rejected', status: 422, message: 'No sample NO-SUCH' } })]);
    expect(() => recordBuiltOn(m)).toThrow(/G7: refused — No sample NO-SUCH/);
  });
});
