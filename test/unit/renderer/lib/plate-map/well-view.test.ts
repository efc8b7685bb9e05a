import { describe, expect, it } from 'vitest';
import { overlay } from '../../../../helpers/overlay.js';
import type { PendingWellChange } from '../../../../../shared/ipc/channels/cache.js';

const manifest = { uuid: 'u1' };
/** The service refused a fill: the sample is not in the labsheet. */
const NO_SUCH_SAMPLE = { kind: 'validation', status: 422, message: 'Refused', reason: 'no such sample' } as const;

/** A queued change putting sample `id` into `position`, in `state`, with the error it carries (null: none). */
const fill = (
  entryId: number,
  state: PendingWellChange['state'],
  position: string,
  id: string,
  error: PendingWellChange['error'] = null,
  mayHaveArrived: PendingWellChange['mayHaveArrived'] = null,
): PendingWellChange => ({
  entryId,
  state,
  updatedAt: 1,
  intent: { type: 'well-set', manifest, position, sample: { id, labsheet: 'Samples' } },
  error,
  mayHaveArrived,
});
/** A queued move of tube `id` into `position` by Assign location, in `state`, with the error it carries. */
const assignment = (
  entryId: number,
  state: PendingWellChange['state'],
  position: string,
  id: string,
  error: PendingWellChange['error'] = null,
  mayHaveArrived: PendingWellChange['mayHaveArrived'] = null,
): PendingWellChange => ({
  entryId,
  state,
  updatedAt: 1,
  intent: {
    type: 'location-assign',
    labsheet: 'Samples',
    locationId: manifest.uuid,
    idType: 'ID_BARCODE',
    id,
    position,
  },
  error,
  mayHaveArrived,
});
/** A queued change taking the sample out of `position`, in `state`, with the error it carries (null: none). */
const removal = (
  entryId: number,
  state: PendingWellChange['state'],
  position: string,
  error: PendingWellChange['error'] = null,
  mayHaveArrived: PendingWellChange['mayHaveArrived'] = null,
): PendingWellChange => ({
  entryId,
  state,
  updatedAt: 1,
  intent: { type: 'well-remove', manifest, position, fields: ['SAMPLE'] },
  error,
  mayHaveArrived,
});

describe('plate map overlay', () => {
  it('draws pending changes over the server wells, with per-well sync state', () => {
    const map = overlay(
      ['A1', 'A2', 'A3'],
      [{ position: 'A1', sample: { id: 'S-1', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }],
      [fill(1, 'pending', 'A2', 'S-2'), fill(2, 'failed', 'A3', 'S-3', NO_SUCH_SAMPLE), removal(3, 'done', 'A1')],
    );
    expect(map.get('A1')).toMatchObject({ sample: null, label: 'SAMPLE', sync: 'synced' });
    expect(map.get('A2')).toMatchObject({ sample: 'S-2', sync: 'pending' });
    expect(map.get('A3')).toMatchObject({
      sample: null,
      sync: 'refused',
      reason: { serviceSaid: 'no such sample (422)' },
    });
  });

  const NEEDS_A_LOOK =
    'Needs a look: plate PL-0003 changed on the service since these scans (empty wells 96 → 95). ' +
    'Send anyway to apply them over it, or discard them.';
  const held = { kind: 'plate-changed', message: NEEDS_A_LOOK } as const;
  const s5 = { position: 'A5', sample: { id: 'S-5', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] };

  it('draws a change held for a look done, needing a look, with the Outbox’s words; before it, the well as the service has it', () => {
    const before = new Map();
    const map = overlay(
      ['A1', 'A5'],
      [s5],
      [fill(7, 'failed', 'A1', 'S-1', held), removal(8, 'failed', 'A5', held)],
      before,
    );
    expect(map.get('A1')).toMatchObject({ sample: 'S-1', sync: 'held', reason: { said: NEEDS_A_LOOK } });
    expect(map.get('A5')).toMatchObject({ sample: null, sync: 'held', reason: { said: NEEDS_A_LOOK } });
    // Discarded, each well shows again what the service has.
    expect(before.get(7)?.before).toMatchObject({ position: 'A1', sample: null, sync: null });
    expect(before.get(8)?.before).toMatchObject({ position: 'A5', sample: 'S-5', sync: 'synced' });
  });

  it('draws a refused change as never done, with the refusal', () => {
    const map = overlay(['A1'], [], [fill(7, 'failed', 'A1', 'S-1', NO_SUCH_SAMPLE)]);
    expect(map.get('A1')).toMatchObject({
      sample: null,
      sync: 'refused',
      reason: { serviceSaid: 'no such sample (422)' },
    });
  });

  /** Stopped after repeated 503s: the last one may have come after the service made the change. */
  const gaveUp = {
    kind: 'gave-up',
    status: 503,
    message:
      'Stopped after 8 failed attempts: the service answered each with an error. Last: the service said "Operation failed" (HTTP 503).',
  } as const;

  // On the old code: "refused", and drawn as if it never happened (A1 empty, A5 still S-5), so the next
  // tube went on top of one that may be in A1 on the service.
  it('draws a change that failed but may be on the service (it gave up) as made, unsure whether it arrived, not refused', () => {
    const before = new Map();
    const map = overlay(
      ['A1', 'A5'],
      [s5],
      [
        fill(7, 'failed', 'A1', 'S-1', gaveUp, 'gave-up'),
        removal(8, 'failed', 'A5', { kind: 'http', status: 500, message: 'The service failed' }, 'local'),
      ],
      before,
    );
    expect(map.get('A1')).toMatchObject({ sample: 'S-1', sync: 'unsure', reason: { said: gaveUp.message } });
    expect(map.get('A5')).toMatchObject({ sample: null, sync: 'unsure', reason: { said: 'The service failed (500)' } });
    // Undone or discarded, each well shows what it held before.
    expect(before.get(7)?.before).toMatchObject({ sample: null });
    expect(before.get(8)?.before).toMatchObject({ sample: 'S-5', sync: 'synced' });
  });

  // On the old code: "refused", though the tube may be in the well on the service.
  it('draws a change whose answer was lost (unsure) as made, unsure whether it arrived', () => {
    const lost = { kind: 'network', message: 'socket hang up' } as const;
    const map = overlay(
      ['A1', 'A2'],
      [],
      [fill(7, 'uncertain', 'A1', 'S-1', lost), assignment(8, 'uncertain', 'A2', 'TB000002', lost)],
    );
    expect(map.get('A1')).toMatchObject({
      sample: 'S-1',
      sync: 'unsure',
      reason: { said: 'The service could not be reached (socket hang up).' },
    });
    expect(map.get('A2')).toMatchObject({ sample: 'TB000002', sync: 'unsure', assigned: true });
  });

  it('a move into a box position that gave up is drawn there; a refused one leaves the well as it was, with its "!"', () => {
    const move = (entryId: number, position: string, error: PendingWellChange['error']): PendingWellChange =>
      assignment(entryId, 'failed', position, `TB00000${entryId}`, error, error?.kind === 'gave-up' ? 'gave-up' : null);
    const map = overlay(
      ['A1', 'A2'],
      [],
      [move(1, 'A1', gaveUp), move(2, 'A2', { kind: 'conflict', status: 409, message: 'Conflict' })],
    );
    expect(map.get('A1')).toMatchObject({ sample: 'TB000001', sync: 'unsure', assigned: true });
    expect(map.get('A2')).toMatchObject({ sample: null, sync: 'refused', unmade: { id: 'TB000002' } });
  });

  it('a held fill with a later change over it: the later one shows, and the held tube is its before', () => {
    const before = new Map();
    const map = overlay(
      ['A1'],
      [],
      [
        fill(7, 'failed', 'A1', 'S-1', held),
        {
          entryId: 9,
          state: 'pending',
          updatedAt: 2,
          intent: { type: 'well-set', manifest, position: 'A1', label: 'SAMPLE', tags: ['x'] },
          error: null,
          mayHaveArrived: null,
        },
      ],
      before,
    );
    expect(map.get('A1')).toMatchObject({ sample: 'S-1', tags: ['x'], sync: 'pending' });
    expect(before.get(9)?.before).toMatchObject({ sample: 'S-1', sync: 'held' });
  });
});
