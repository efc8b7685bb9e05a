/**
 * A retry of an old refused entry must not land over a newer change that failed but may be on the
 * service all the same: one that gave up after the service's gateway answered 504 each time (the service
 * may have made it before its gateway gave up). The engine runs on a fake clock against a scripted
 * transport that keeps what a service would hold, applying a change before its gateway answers 504; the
 * outbox is the real SQLite store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapHttpError } from '../../../../main/api/map-error.js';
import type { Outbox } from '../../../../main/outbox/index.js';
import { entryMayHaveArrived } from '../../../../main/outbox/may-have-arrived.js';
import { MAX_ANSWERED_FAILURES } from '../../../../main/sync/classify.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport } from './fake-transport.js';
import { assign, rowUpdate, wellSet } from '../outbox/helpers.js';
import { outboxPerTest } from './outbox-per-test.js';

type Endpoint = 'assignLocation' | 'updateManifest' | 'updateRowsById';
type AssignRequest = { locationId: string; assignments: { id: string; position?: string }[] };
type ManifestRequest = { plate: { wells?: { position: string; sample: { id: string } | null }[] } };
type RowsRequest = { rows: Record<string, string>[] };

describe('retrying an old refused entry after a newer one gave up unsure', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  let engine: SyncEngine;
  /** What the service holds: each tube's place, each well's sample, each row's cells. */
  let tubes: Map<string, string>;
  let wells: Map<string, string>;
  let rows: Map<string, Record<string, string>>;
  /** How the service answers now: refuses (422), applies then its gateway answers 504, or applies. */
  let answer: 'refuse' | 'apply-then-504' | 'apply';
  const fail = (endpoint: Endpoint) => {
    if (answer === 'refuse')
      throw mapHttpError(
        { endpoint, idempotent: true, token: null },
        422,
        '{"message":"Location is locked"}',
        undefined,
      );
    if (answer === 'apply-then-504')
      throw mapHttpError({ endpoint, idempotent: true, token: null }, 504, '{"message":"Gateway Timeout"}', undefined);
  };

  beforeEach(() => {
    outbox = files.outbox;
    tubes = new Map();
    wells = new Map();
    rows = new Map();
    answer = 'refuse';
    const transport = fakeTransport([], {
      assignLocation: (r: AssignRequest) => {
        if (answer !== 'refuse') for (const a of r.assignments) tubes.set(a.id, `${r.locationId}:${a.position ?? ''}`);
        fail('assignLocation');
        return { success: true, assignedPositions: r.assignments };
      },
      updateManifest: (r: ManifestRequest) => {
        if (answer !== 'refuse') for (const w of r.plate.wells ?? []) wells.set(w.position, w.sample?.id ?? '');
        fail('updateManifest');
        return { success: true };
      },
      // One element per column, each row's starting with its ID element (the spec's update-rows-by-id).
      updateRowsById: (r: RowsRequest) => {
        const ids: string[] = [];
        for (const element of r.rows) {
          const id = element['Sample ID'];
          if (id !== undefined) ids.push(id);
          else if (answer !== 'refuse') rows.set(ids.at(-1)!, { ...rows.get(ids.at(-1)!), ...element });
        }
        fail('updateRowsById');
        return ids.map((id) => ({ ID: id, updatedRows: [{ uuid: 'u', success: true }] }));
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
  });
  afterEach(() => engine.stop());

  /** The old one refused, then the newer one sent until it gives up, unsure whether it arrived. */
  async function refusedThenUnsure(older: Parameters<Outbox['enqueue']>[0], newer: Parameters<Outbox['enqueue']>[0]) {
    const old = outbox.enqueue(older);
    await engine.syncNow();
    expect(outbox.get(old)!.state).toBe('failed');
    answer = 'apply-then-504';
    const unsure = outbox.enqueue(newer);
    for (let i = 0; i <= MAX_ANSWERED_FAILURES && outbox.get(unsure)!.state === 'pending'; i++) {
      platform.advance(10 * 60_000);
      await engine.syncNow();
    }
    const gaveUp = outbox.get(unsure)!;
    expect(gaveUp.state).toBe('failed');
    expect(entryMayHaveArrived(gaveUp)).toBe('gave-up');
    answer = 'apply';
    return old;
  }

  it('a well: S-1 refused, S-2 gave up after 504s, Retry on S-1 leaves S-2 in the well', async () => {
    const old = await refusedThenUnsure(wellSet('A1', 'S-1'), wellSet('A1', 'S-2'));
    expect(wells.get('A1')).toBe('S-2');
    expect(engine.retry(old)).toBe(true);
    await engine.syncNow();
    expect(wells.get('A1')).toBe('S-2');
    const e = outbox.get(old)!;
    expect(e).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });
    expect(e.lastError!.message).toMatch(/^Not sent: a newer change to well A1 of PL-0001 \(entry #\d+\)/);
  });

  it('a row: a refused update of a cell is not sent over a newer one of that cell that gave up unsure', async () => {
    const old = await refusedThenUnsure(
      rowUpdate('S-7', { Status: 'thawed', Box: 'B1' }),
      rowUpdate('S-7', { Status: 'frozen' }),
    );
    expect(engine.retry(old)).toBe(true);
    await engine.syncNow();
    // The cell the newer one set keeps its value; the cell nothing newer set goes.
    expect(rows.get('S-7')).toMatchObject({ Status: 'frozen', Box: 'B1' });
    expect(outbox.get(old)!.state).toBe('done');
  });

  it('a tube: a refused move is not sent over a newer move of it that gave up unsure', async () => {
    const old = await refusedThenUnsure(assign('TB1', 'A1', 'BOX-1'), assign('TB1', 'C3', 'BOX-2'));
    expect(engine.retry(old)).toBe(true);
    await engine.syncNow();
    expect(tubes.get('TB1')).toBe('BOX-2:C3');
    expect(outbox.get(old)).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });
  });

  it('a newer change the service refused changed nothing there: the older one is sent on Retry', async () => {
    const old = outbox.enqueue(wellSet('A1', 'S-1'));
    await engine.syncNow();
    const refused = outbox.enqueue(wellSet('A1', 'S-2'));
    await engine.syncNow();
    expect(outbox.get(refused)!.state).toBe('failed');
    answer = 'apply';
    expect(engine.retry(old)).toBe(true);
    await engine.syncNow();
    expect(outbox.get(old)!.state).toBe('done');
    expect(wells.get('A1')).toBe('S-1');
  });
});
