/**
 * "Send anyway" on a plate held because it changed elsewhere: the held changes are older than the
 * scans made since on the plate as it is now, so they must never land over those for the same wells,
 * and the first press must send them (not hold them again). The engine runs on a fake clock against a
 * scripted transport that keeps what a service would hold; the outbox is the real SQLite store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Outbox } from '../../../../main/outbox/index.js';
import { createSyncEngine, type SyncEngine } from '../../../../main/sync/index.js';
import type { Intent } from '../../../../shared/outbox/intents.js';
import { fakePlatform } from './fake-platform.js';
import { fakeTransport } from './fake-transport.js';
import { wellRemove, wellSet } from '../outbox/helpers.js';
import { outboxPerTest } from './outbox-per-test.js';

type ManifestRequest = {
  plate: { wells?: { position: string; sample: { id: string } | null }[]; removeFromWells?: { position: string }[] };
};
type Plate = { lastUpdate: string; emptySpaces: number };

describe('send anyway after newer scans on the same plate', () => {
  const platform = fakePlatform();
  const files = outboxPerTest(platform.now);
  let outbox: Outbox;
  let engine: SyncEngine;
  let plate: Plate;
  let wells: Map<string, string>;
  let writes: number;
  beforeEach(() => {
    outbox = files.outbox;
    plate = { lastUpdate: 't0', emptySpaces: 96 };
    wells = new Map();
    writes = 0;
    const transport = fakeTransport([], {
      fetchManifestMetadata: () => ({ uuid: 'u', hrid: 'PL-0001', ...plate }),
      updateManifest: (r: ManifestRequest) => {
        for (const w of r.plate.removeFromWells ?? []) wells.delete(w.position);
        for (const w of r.plate.wells ?? []) wells.set(w.position, w.sample?.id ?? '');
        plate = { lastUpdate: `w${++writes}`, emptySpaces: 96 - wells.size };
        return { success: true };
      },
    });
    engine = createSyncEngine({ outbox, transport, platform });
  });
  afterEach(() => engine.stop());

  const on = (basis: Plate, i: Intent): Intent => ({ ...i, basis }) as Intent;

  /** A1 scanned on the plate as opened; another bench then fills a well, so the scan is held. */
  async function holdA1(): Promise<number> {
    const opened = { ...plate };
    const held = outbox.enqueue(on(opened, wellSet('A1', 'S-OLD')));
    wells.set('H12', 'OTHER-BENCH');
    plate = { lastUpdate: 'elsewhere', emptySpaces: 95 };
    await engine.syncNow();
    expect(outbox.get(held)).toMatchObject({ state: 'failed', lastError: { kind: 'plate-changed' } });
    // The bench takes a moment to look before the next scan.
    platform.advance(5_000);
    return held;
  }

  /** The user presses "Send anyway" for as long as the plate is held (the last test: once is enough). */
  async function sendAnyway(id: number): Promise<void> {
    for (let i = 0; i < 3 && outbox.get(id)!.lastError?.kind === 'plate-changed'; i++) {
      engine.retry(id);
      await engine.syncNow();
    }
  }

  it('a held change is not applied over a newer one to the same well', async () => {
    const held = await holdA1();
    // The bench reads the plate again and puts another sample in A1: that scan goes.
    const newer = outbox.enqueue(on({ ...plate }, wellSet('A1', 'S-NEW')));
    await engine.syncNow();
    expect(outbox.get(newer)!.state).toBe('done');
    expect(wells.get('A1')).toBe('S-NEW');

    await sendAnyway(held);
    expect(wells.get('A1')).toBe('S-NEW');
    expect(outbox.get(held)).toMatchObject({ state: 'failed', lastError: { kind: 'superseded' } });
    expect(outbox.get(held)!.lastError!.message).toMatch(/newer change to well A1 of PL-0001 \(/);
  });

  it('an undo sent after the hold is not undone by "send anyway"', async () => {
    const held = await holdA1();
    // Ctrl+Z of a change already tried queues the opposite change, which is sent.
    outbox.enqueue(on({ ...plate }, wellRemove('A1', ['SAMPLE'])));
    await engine.syncNow();
    await sendAnyway(held);
    expect(wells.has('A1')).toBe(false);
  });

  it('the first "send anyway" sends, even after this computer wrote to the plate since the hold', async () => {
    const held = await holdA1();
    const other = outbox.enqueue(on({ ...plate }, wellSet('B1', 'S-B1')));
    await engine.syncNow();
    expect(outbox.get(other)!.state).toBe('done');

    expect(engine.retry(held)).toBe(true);
    await engine.syncNow();
    expect(outbox.get(held)!.state).toBe('done');
    expect(wells.get('A1')).toBe('S-OLD');
  });
});
