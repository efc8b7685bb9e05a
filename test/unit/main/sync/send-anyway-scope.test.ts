/**
 * "Send anyway" on one held well change sends every change held on its plate (they share one lane and one
 * reading). The Outbox's list says so on each held row before the press, counted by the rule the sync's
 * retry sends by: on the old code the list said nothing, and the user pressed one row and saw them all go.
 * The engine runs on a fake clock against a scripted transport that keeps each plate's state; the outbox
 * is the real SQLite store; the listing is main's own handler.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../../main/outbox/index.js';
import { outboxHandlers } from '../../../../main/ipc/handlers/outbox.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import { outboxChannels } from '../../../../shared/ipc/channels/outbox.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport } from './fake-transport.js';
import { wellRemove, wellSet } from '../outbox/helpers.js';
import { outboxPerTest } from './outbox-per-test.js';

type Plate = { lastUpdate: string; emptySpaces: number };

describe('Send anyway on a held well change: what the list says it sends is what goes', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  let engine: SyncEngine;
  let plates: Map<string, Plate>;
  beforeEach(() => {
    outbox = files.outbox;
    plates = new Map([
      ['PL-0001', { lastUpdate: 't0', emptySpaces: 96 }],
      ['PL-0002', { lastUpdate: 't0', emptySpaces: 96 }],
    ]);
    const transport = fakeTransport([], {
      fetchManifestMetadata: (ref: { hrid: string }) => ({
        uuid: `u-${ref.hrid}`,
        hrid: ref.hrid,
        ...plates.get(ref.hrid)!,
      }),
      updateManifest: () => ({ success: true }),
    });
    engine = createSyncEngine({ outbox, transport, platform });
  });
  afterEach(() => engine.stop());

  const on = (hrid: string, i: Intent): Intent => ({ ...i, basis: { ...plates.get(hrid)! } }) as Intent;

  it('each held row of a plate counts every change held on it; the press sends those, and no other plate’s', async () => {
    const held1 = [
      outbox.enqueue(on('PL-0001', wellSet('A1', 'S-0001'))),
      outbox.enqueue(on('PL-0001', wellSet('A2', 'S-0002'))),
      outbox.enqueue(on('PL-0001', wellRemove('A3', ['SAMPLE']))),
    ];
    const held2 = outbox.enqueue(on('PL-0002', wellSet('B1', 'S-0009', 'PL-0002')));
    // Another bench writes to both plates before any of these goes.
    plates.set('PL-0001', { lastUpdate: 'elsewhere', emptySpaces: 95 });
    plates.set('PL-0002', { lastUpdate: 'elsewhere', emptySpaces: 95 });
    await engine.syncNow();
    for (const id of [...held1, held2])
      expect(outbox.get(id), `entry ${id}`).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });

    const handlers = outboxHandlers({ outbox, sync: engine });
    const list = await handlers['outbox.list']({ states: ['failed'] }, { transport: 'test' });
    expect(outboxChannels['outbox.list'].response.safeParse(list).success).toBe(true);
    const said = new Map(list.map((e) => [e.id, e.sendAnyway]));
    for (const id of held1) expect(said.get(id), `entry ${id}`).toEqual({ n: 3, plate: 'PL-0001' });
    expect(said.get(held2)).toEqual({ n: 1, plate: 'PL-0002' });

    // The user presses Send anyway on the middle row of PL-0001.
    expect(engine.retry(held1[1]!)).toBe(true);
    const gone = [...held1, held2].filter((id) => outbox.get(id)!.state !== 'failed');
    expect(gone).toEqual(held1);
    expect(gone.length).toBe(said.get(held1[1]!)!.n);
    expect(outbox.get(held2)).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });

    await engine.syncNow();
    for (const id of held1) expect(outbox.get(id)!.state, `entry ${id}`).toBe('done');
    // Nothing held is left on PL-0001 to count; PL-0002's still says its one.
    const after = await handlers['outbox.list']({ states: ['failed'] }, { transport: 'test' });
    expect(after.map((e) => [e.id, e.sendAnyway])).toEqual([[held2, { n: 1, plate: 'PL-0002' }]]);
  });

  it('a failed change that is not held for a look says nothing of Send anyway', async () => {
    const refused = outbox.enqueue(wellSet('A1', 'S-0001'));
    outbox.settle([
      { id: refused, state: 'failed', error: { kind: 'validation', message: 'No.', at: platform.now() } },
    ]);
    const list = await outboxHandlers({ outbox, sync: engine })['outbox.list'](
      { states: ['failed'] },
      { transport: 'test' },
    );
    expect(list.map((e) => e.sendAnyway)).toEqual([undefined]);
  });
});
