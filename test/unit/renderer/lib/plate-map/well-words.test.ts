import { describe, expect, it } from 'vitest';
import { overlay } from '../../../../helpers/overlay.js';
import { describeWell, SEND_ANYWAY_SENDS_ALL, SYNC_SAID } from '../../../../../renderer/lib/plate-map/well-words.js';

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
          mayHaveArrived: null,
        },
      ],
    ).get('A1')!;
    const name = describeWell({ ...well, sample: 'S-7701', label: 'SAMPLE' });
    expect(name).toBe(
      `A1, S-7701, SAMPLE, ${SYNC_SAID.refused} by the service: S-7701 was not put here. The Samples labsheet has no row S-7701. ` +
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
    // Send anyway in the Outbox sends every change held on the plate, not this well's alone: said here too.
    expect(describeWell(held)).toBe(`A1, S-1, your change, not sent: Needs a look: … ${SEND_ANYWAY_SENDS_ALL}`);
    expect(describeWell({ ...base, sample: 'S-1', sync: 'pending' })).toBe(`A1, S-1, ${SYNC_SAID.pending}`);
    expect(describeWell({ ...base, sample: 'S-1', sync: 'synced' })).toBe(`A1, S-1, ${SYNC_SAID.synced}`);
  });

  // On the old code both read "refused by the service: … Fix it in the Outbox (Retry after correcting …)".
  it('say a well that failed without a refusal, or is unsure, unsure, why, and that it may be on the service', () => {
    const gaveUp = {
      kind: 'gave-up',
      status: 503,
      message:
        'Stopped after 8 failed attempts: the service answered each with an error. Last: the service said "Operation failed" (HTTP 503).',
    };
    const failed = overlay(
      ['A1'],
      [],
      [{ entryId: 1, state: 'failed', updatedAt: 1, intent, error: gaveUp, mayHaveArrived: 'gave-up' }],
    ).get('A1')!;
    expect(describeWell(failed)).toBe(
      `A1, S-7701, ${SYNC_SAID.unsure}: ${gaveUp.message} It may be on the service all the same: look in ` +
        'the Outbox before you put another tube here.',
    );
    const lost = { kind: 'network', message: 'socket hang up' };
    const unsure = overlay(
      ['A1'],
      [],
      [{ entryId: 1, state: 'uncertain', updatedAt: 1, intent, error: lost, mayHaveArrived: null }],
    ).get('A1')!;
    expect(describeWell(unsure)).toBe(
      'A1, S-7701, unsure whether it arrived: The service could not be reached (socket hang up). It may be on the ' +
        'service all the same: look in the Outbox before you put another tube here.',
    );
    expect(describeWell(unsure)).not.toMatch(/refused/);
  });
});
