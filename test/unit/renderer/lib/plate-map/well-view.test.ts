import { describe, expect, it } from 'vitest';
import { overlay } from '../../../../../renderer/lib/plate-map/well-view.js';

const manifest = { uuid: 'u1' };

describe('plate map overlay', () => {
  it('draws pending changes over the server wells, with per-well sync state', () => {
    const map = overlay(
      ['A1', 'A2', 'A3'],
      [{ position: 'A1', sample: { id: 'S-1', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }],
      [
        {
          entryId: 1,
          state: 'pending',
          updatedAt: 1,
          intent: { type: 'well-set', manifest, position: 'A2', sample: { id: 'S-2', labsheet: 'Samples' } },
          error: null,
        },
        {
          entryId: 2,
          state: 'failed',
          updatedAt: 1,
          intent: { type: 'well-set', manifest, position: 'A3', sample: { id: 'S-3', labsheet: 'Samples' } },
          error: { kind: 'validation', status: 422, message: 'Refused', reason: 'no such sample' },
        },
        {
          entryId: 3,
          state: 'done',
          updatedAt: 1,
          intent: { type: 'well-remove', manifest, position: 'A1', fields: ['SAMPLE'] },
          error: null,
        },
      ],
    );
    expect(map.get('A1')).toMatchObject({ sample: null, label: 'SAMPLE', sync: 'synced' });
    expect(map.get('A2')).toMatchObject({ sample: 'S-2', sync: 'pending' });
    expect(map.get('A3')).toMatchObject({
      sample: null,
      sync: 'failed',
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
      [
        {
          entryId: 7,
          state: 'failed',
          updatedAt: 1,
          intent: { type: 'well-set', manifest, position: 'A1', sample: { id: 'S-1', labsheet: 'Samples' } },
          error: held,
        },
        {
          entryId: 8,
          state: 'failed',
          updatedAt: 1,
          intent: { type: 'well-remove', manifest, position: 'A5', fields: ['SAMPLE'] },
          error: held,
        },
      ],
      before,
    );
    expect(map.get('A1')).toMatchObject({ sample: 'S-1', sync: 'held', reason: { said: NEEDS_A_LOOK } });
    expect(map.get('A5')).toMatchObject({ sample: null, sync: 'held', reason: { said: NEEDS_A_LOOK } });
    // Discarded, each well shows again what the service has.
    expect(before.get(7)).toMatchObject({ position: 'A1', sample: null, sync: null });
    expect(before.get(8)).toMatchObject({ position: 'A5', sample: 'S-5', sync: 'synced' });
  });

  it('still draws a refused change (any other failure) as never done, with the refusal', () => {
    const map = overlay(
      ['A1', 'A5'],
      [s5],
      [
        {
          entryId: 7,
          state: 'failed',
          updatedAt: 1,
          intent: { type: 'well-set', manifest, position: 'A1', sample: { id: 'S-1', labsheet: 'Samples' } },
          error: { kind: 'validation', status: 422, message: 'Refused', reason: 'no such sample' },
        },
        {
          entryId: 8,
          state: 'failed',
          updatedAt: 1,
          intent: { type: 'well-remove', manifest, position: 'A5', fields: ['SAMPLE'] },
          error: { kind: 'http', status: 500, message: 'The service failed' },
        },
      ],
    );
    expect(map.get('A1')).toMatchObject({
      sample: null,
      sync: 'failed',
      reason: { serviceSaid: 'no such sample (422)' },
    });
    expect(map.get('A5')).toMatchObject({
      sample: 'S-5',
      sync: 'failed',
      reason: { said: 'The service failed (500)' },
    });
  });

  it('a held fill with a later change over it: the later one shows, and the held tube is its before', () => {
    const before = new Map();
    const map = overlay(
      ['A1'],
      [],
      [
        {
          entryId: 7,
          state: 'failed',
          updatedAt: 1,
          intent: { type: 'well-set', manifest, position: 'A1', sample: { id: 'S-1', labsheet: 'Samples' } },
          error: held,
        },
        {
          entryId: 9,
          state: 'pending',
          updatedAt: 2,
          intent: { type: 'well-set', manifest, position: 'A1', label: 'SAMPLE', tags: ['x'] },
          error: null,
        },
      ],
      before,
    );
    expect(map.get('A1')).toMatchObject({ sample: 'S-1', tags: ['x'], sync: 'pending' });
    expect(before.get(9)).toMatchObject({ sample: 'S-1', sync: 'held' });
  });
});
