import { describe, expect, it } from 'vitest';
import { summarizeIntent } from '../../../../main/ipc/bridges/entry-summary.js';

/**
 * The Outbox's line for an entry, where a technician goes to fix refused work: in words, not the API's
 * codes. It read "PL-0001 A12 ← S-9999 · SAMPLE", "TB000100 → BX-0001 A1 (ID_BARCODE)" and
 * "Event plate.completed".
 */
const plate = { hrid: 'PL-0001' };

describe('summarizeIntent', () => {
  it("a well's sample without its own label; any other label in words", () => {
    expect(
      summarizeIntent({
        type: 'well-set',
        manifest: plate,
        position: 'A12',
        sample: { id: 'S-9999', labsheet: 'Samples' },
        label: 'SAMPLE',
        tags: [],
      }),
    ).toBe('PL-0001 A12 ← S-9999');
    expect(
      summarizeIntent({ type: 'well-set', manifest: plate, position: 'H11', sample: null, label: 'POS_CONTROL' }),
    ).toBe('PL-0001 H11 ← positive control');
  });

  it('a tube put somewhere says how it was named, in words', () => {
    const line = summarizeIntent(
      {
        type: 'location-assign',
        labsheet: 'Samples',
        locationId: 'u-1',
        idType: 'ID_BARCODE',
        id: 'TB000100',
        position: 'A1',
      },
      () => 'BX-0001',
    );
    expect(line).toBe('TB000100 → BX-0001 A1 (by tube barcode)');
  });

  it("an event's name in words", () => {
    expect(summarizeIntent({ type: 'webhook', eventType: 'plate.completed', payload: {} })).toBe(
      'Event: plate completed',
    );
  });
});
