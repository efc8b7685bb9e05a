/**
 * A 2xx answer that does not confirm an entry is never taken as done, and never as "not found": a row
 * `success` word that says neither yes nor no, an assign-location echo under another of the tube's names
 * or case, an 18-digit id echoed as a JSON number.
 */
import { describe, expect, it } from 'vitest';
import { assignLocationResponse, updateRowsByIdResponse } from '../../../../shared/api/labsheets.js';
import { coalesceAssignments, coalesceRows } from '../../../../main/sync/coalesce.js';
import { entryMayHaveArrived } from '../../../../main/outbox/may-have-arrived.js';
import type { SyncEngine } from '../../../../main/sync/index.js';
import type { LocationAssignIntent, RowUpdateIntent } from '../../../../shared/outbox/intents.js';
import { assign, rowUpdate } from '../outbox/helpers.js';
import { enginePerTest } from './engine-per-test.js';
import { fakeTransport } from './fake-transport.js';

const tag = <I>(intents: unknown[]) => intents.map((intent, i) => ({ id: i + 1, intent: intent as I }));
const rowAnswer = (success: unknown, ID: unknown = 'S-1') =>
  updateRowsByIdResponse.parse([{ ID, updatedRows: [{ uuid: 'u', success }] }]);

describe('a row update whose `success` does not say it was updated', () => {
  const one = () => coalesceRows(tag<RowUpdateIntent>([rowUpdate('S-1', { Status: 'a' })]));

  it.each(['NOT_UPDATED', 'not found', 'Validation error', 'SKIPPED', 'REJECTED', 'INVALID'])(
    '"%s" is not confirmed: not done, with the service’s word',
    (word) => {
      const [out] = one().outcomes(rowAnswer(word));
      expect(out).toMatchObject({ ok: false, unsure: true });
      expect(out).toHaveProperty('message', expect.stringContaining(`"${word}"`));
    },
  );

  it.each(['true', ' OK ', 'Success', 'updated', '1', 'yes', true, 1])('%j is an update', (word) => {
    expect(one().outcomes(rowAnswer(word))[0]).toEqual({ id: 1, ok: true });
  });

  it.each(['false', 'FAILED', 'failure', 'error', 'no', '0', false, 0])('%j is refused', (word) => {
    expect(one().outcomes(rowAnswer(word))[0]).toMatchObject({ ok: false, refused: true });
  });
});

describe('assign-location answers under another name', () => {
  const uuid = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
  const names = (_: string, id: string) => (id === 'TB1' ? ['S-1', 'TB1', uuid] : id === 'TB2' ? ['S-2', 'TB2'] : [id]);

  it('a tube sent as its barcode and answered with its row uuid is assigned', () => {
    const c = coalesceAssignments(tag<LocationAssignIntent>([assign('TB1', 'A1'), assign('TB2', 'A2')]), names);
    const res = assignLocationResponse.parse({
      success: true,
      assignedPositions: [
        { id: uuid, position: 'A1' },
        { id: 'S-2', position: 'A2' },
      ],
    });
    expect(c.outcomes(res)).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
    ]);
  });

  it('an uppercase uuid answered lowercase is assigned', () => {
    const c = coalesceAssignments(tag<LocationAssignIntent>([assign(uuid.toUpperCase(), 'A1'), assign('TB9', 'A2')]));
    const res = assignLocationResponse.parse({
      success: true,
      assignedPositions: [
        { id: uuid, position: 'A1' },
        { id: 'TB9', position: 'A2' },
      ],
    });
    expect(c.outcomes(res)[0]).toEqual({ id: 1, ok: true });
  });

  it('one tube sent and one answered: that answer is the tube’s', () => {
    const c = coalesceAssignments(tag<LocationAssignIntent>([assign('TB7', 'A1')]));
    const res = assignLocationResponse.parse({ success: true, assignedPositions: [{ id: 'row-7', position: 'A1' }] });
    expect(c.outcomes(res)[0]).toEqual({ id: 1, ok: true });
  });

  it('a tube the 2xx answer does not name is not confirmed, never "not found"', () => {
    const c = coalesceAssignments(tag<LocationAssignIntent>([assign('TB1', 'A1'), assign('TB2', 'A2')]));
    const res = assignLocationResponse.parse({ success: true, assignedPositions: [{ id: 'TB2', position: 'A2' }] });
    const [out] = c.outcomes(res);
    expect(out).toMatchObject({ ok: false, unsure: true });
    expect(out).not.toHaveProperty('message', expect.stringMatching(/not found/i));
  });
});

describe('an 18-digit id echoed as a JSON number', () => {
  const big = '123456789012345678';
  // What JSON.parse makes of the number: 123456789012345680.
  const echoed = JSON.parse(big) as number;

  it('a row update is matched by the rounded value', () => {
    const c = coalesceRows(tag<RowUpdateIntent>([rowUpdate(big, { Status: 'a' }), rowUpdate('S-2', { Status: 'b' })]));
    const res = updateRowsByIdResponse.parse([
      { ID: echoed, updatedRows: [{ uuid: 'u', success: 'true' }] },
      { ID: 'S-2', updatedRows: [{ uuid: 'v', success: 'true' }] },
    ]);
    expect(c.outcomes(res)).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
    ]);
  });

  it('an assignment is matched by the rounded value', () => {
    const c = coalesceAssignments(tag<LocationAssignIntent>([assign(big, 'A1'), assign('TB2', 'A2')]));
    const res = assignLocationResponse.parse({
      success: true,
      assignedPositions: [
        { id: echoed, position: 'A1' },
        { id: 'TB2', position: 'A2' },
      ],
    });
    expect(c.outcomes(res)[0]).toEqual({ id: 1, ok: true });
  });

  it('two ids that round alike cannot be told apart: not confirmed, not done', () => {
    const c = coalesceAssignments(tag<LocationAssignIntent>([assign(big, 'A1'), assign('123456789012345679', 'A2')]));
    const res = assignLocationResponse.parse({ success: true, assignedPositions: [{ id: echoed, position: 'A1' }] });
    expect(c.outcomes(res).map((o) => o.ok)).toEqual([false, false]);
    expect(c.outcomes(res)[0]).toMatchObject({ unsure: true });
  });
});

describe('in the outbox', () => {
  const { o, engine: start } = enginePerTest();
  let engine: SyncEngine;

  it('a row answered "NOT_UPDATED" fails with the word and may have arrived; its neighbour is done', async () => {
    const [a, b] = o.outbox.enqueueMany([rowUpdate('S-1', { Volume: '1' }), rowUpdate('S-2', { Volume: '2' })]);
    const transport = fakeTransport([], {
      updateRowsById: () =>
        updateRowsByIdResponse.parse([
          { ID: 'S-1', updatedRows: [{ uuid: 'u', success: 'NOT_UPDATED' }] },
          { ID: 'S-2', updatedRows: [{ uuid: 'v', success: 'true' }] },
        ]),
    });
    engine = start(transport);
    await engine.syncNow();
    const entry = o.outbox.get(a!)!;
    expect(entry.state).toBe('failed');
    expect(entry.lastError?.message).toContain('"NOT_UPDATED"');
    expect(entryMayHaveArrived(entry)).not.toBeNull();
    expect(o.outbox.get(b!)!.state).toBe('done');
  });

  it('a tube answered under its uuid in another case is done, not failed as not found', async () => {
    const uuid = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
    const [a, b] = o.outbox.enqueueMany([assign(uuid.toUpperCase(), 'A1'), assign('TB2', 'A2')]);
    const transport = fakeTransport([], {
      assignLocation: () => ({
        success: true,
        assignedPositions: [
          { id: uuid, position: 'A1' },
          { id: 'TB2', position: 'A2' },
        ],
      }),
    });
    engine = start(transport);
    await engine.syncNow();
    expect(o.outbox.get(a!)!.state).toBe('done');
    expect(o.outbox.get(b!)!.state).toBe('done');
  });

  it('a tube the answer does not name may have arrived: no made-up 404', async () => {
    const [a] = o.outbox.enqueueMany([assign('TB1', 'A1'), assign('TB2', 'A2')]);
    const transport = fakeTransport([], {
      assignLocation: () => ({ success: true, assignedPositions: [{ id: 'TB2', position: 'A2' }] }),
    });
    engine = start(transport);
    await engine.syncNow();
    const entry = o.outbox.get(a!)!;
    expect(entry.state).toBe('failed');
    expect(entry.lastError?.status).toBeUndefined();
    expect(entryMayHaveArrived(entry)).not.toBeNull();
  });
});
