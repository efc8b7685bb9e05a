import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notRecorded } from '../../../../../renderer/lib/ipc/client.js';
import { applyLayout } from '../../../../../renderer/workflows/well-fill/layout-apply.js';
import { wellFillOnMain, type WellFillOnMain } from '../../../../helpers/well-fill-on-main.js';
import { whileOutboxLocked } from '../../../../helpers/locked-outbox.js';

/**
 * When this computer cannot save (here another process holds the outbox locked, as a backup tool or a
 * second copy might), Well fill names what was not saved, a tube's well, a layout or a plate record,
 * instead of "The scan" for all of them, says what to do, and keeps what the user had so the same
 * action works once the lock is gone.
 */
let w: WellFillOnMain;
beforeAll(async () => {
  w = await wellFillOnMain();
});
afterAll(() => w?.close());

const LOCKED =
  'the database is locked by another process (SQLITE_BUSY). Close a second copy of Benchlink or a backup tool if one is open, or wait a moment, then try again.';

describe('Well fill, when the outbox cannot be written', () => {
  it('a tube: names its well; the fill stays on it, and the same scan then lands there', async () => {
    await w.scan('PLT000001');
    expect(w.s.cursor).toBe('A11');
    // What the scan hub shows for a scan its screen could not save (scan-hub.svelte.ts).
    const refused = await whileOutboxLocked(w.env.dataDir, () => w.scan('TB000020').then(() => null, notRecorded));
    // Well fill names the plate by uuid: the plate is the one on the screen.
    expect(refused).toBe(`NOT RECORDED: The change to well A11 was not saved: ${LOCKED}`);
    expect(w.s.cursor).toBe('A11');
    expect(w.s.wells['A11']?.sample ?? null).toBeNull();
    await w.scan('TB000020');
    expect(w.s.wells['A11']?.sample).toBe('S-0020');
  }, 60_000);

  it('a layout: names the layout, then its well changes; applying it again works', async () => {
    const layout = {
      name: 'NTC row',
      size: 96 as const,
      wells: ['G1', 'G2', 'G3'].map((position) => ({ position, label: 'NEG_CONTROL' as const, tags: [] })),
    };
    const r = await whileOutboxLocked(w.env.dataDir, () => applyLayout(w.s, layout));
    expect(r).toEqual({
      said: `NOT RECORDED: layout "NTC row" was not applied to PL-0001. The 3 well changes were not saved: ${LOCKED}`,
      ok: false,
    });
    expect(w.s.wells['G1']?.label ?? '').toBe('');
    expect(await applyLayout(w.s, layout)).toMatchObject({ ok: true });
    expect(w.s.wells['G1']?.label).toBe('NEG_CONTROL');
  }, 60_000);

  it('a plate record: names the record (not "The entries was not saved"); the same filing then goes', async () => {
    const plate = await w.env.call('cache.manifest', { barcode: 'PLT000001' });
    const filing = crypto.randomUUID();
    const file = () =>
      w.env.api.invoke('plateRecord.file', {
        plateUuid: plate!.uuid,
        page: { hrid: 'EXP-0001' },
        filing,
        readFrom: w.s.service,
      });
    const refused = await whileOutboxLocked(w.env.dataDir, file);
    expect(refused.ok ? null : refused.error.message).toBe(`The record of PL-0001 was not saved: ${LOCKED}`);
    const filed = await file();
    expect(filed.ok ? filed.value.entries : []).toHaveLength(5);
  }, 60_000);
});
