import { describe, expect, it } from 'vitest';
import { overlay } from '../../../../../renderer/lib/plate-map/well-view.js';
import { describeWell, SYNC_SAID } from '../../../../../renderer/lib/plate-map/well-words.js';

const manifest = { uuid: 'u1' };
const intent = { type: 'well-set', manifest, position: 'A1', sample: { id: 'S-7701', labsheet: 'Samples' } } as const;

describe("a well's name and tooltip", () => {
  it('say a refused well in plain words, the state’s one word, what to do, then the service’s words', () => {
    const reason = 'plate.wells[0].sample: labsheet "Samples" has no row with ID or barcode "S-7701"';
    const well = overlay(
      ['A1'],
      [],
      [
        {
          entryId: 1,
          state: 'failed',
          updatedAt: 1,
          intent,
          error: { kind: 'not-found', status: 404, message: 'Not found', reason },
        },
      ],
    ).get('A1')!;
    const name = describeWell({ ...well, sample: 'S-7701', label: 'SAMPLE' });
    expect(name).toBe(
      `A1, S-7701, SAMPLE, ${SYNC_SAID.failed} by the service: The Samples labsheet has no row S-7701. ` +
        `Fix it in the Outbox (Retry after correcting, or Discard). The service said: ${reason} (404)`,
    );
    // One word for one state: the legend's.
    expect(name).not.toMatch(/failed/);
  });

  it('say a held well with the Outbox’s words, and a waiting or saved one with the legend’s', () => {
    const base = overlay(['A1'], [], [])!.get('A1')!;
    const held = {
      ...base,
      sample: 'S-1',
      sync: 'held' as const,
      reason: { said: 'Needs a look: …', serviceSaid: null },
    };
    expect(describeWell(held)).toBe('A1, S-1, your change, not sent: Needs a look: …');
    expect(describeWell({ ...base, sample: 'S-1', sync: 'pending' })).toBe(`A1, S-1, ${SYNC_SAID.pending}`);
    expect(describeWell({ ...base, sample: 'S-1', sync: 'synced' })).toBe(`A1, S-1, ${SYNC_SAID.synced}`);
  });
});
