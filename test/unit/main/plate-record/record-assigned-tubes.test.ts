import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { benchesPerTest, type Benches } from '../../../helpers/benches-on-main.js';

/**
 * Tubes Assign location put into a plate from this computer are in its record, as Well fill draws them:
 * on the real main in-process, its embedded sandbox reached through the fault proxy.
 */
const openBenches = benchesPerTest();
const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

async function wellsOf(b: Benches, rec: { folder: string; files: { name: string }[] }) {
  const csv = (await b.env.call('plateRecord.read', { folder: rec.folder, name: rec.files[0]!.name })).base64;
  const rows = parse(Buffer.from(csv, 'base64'), { columns: true }) as Record<string, string>[];
  return new Map(rows.map((r) => [r['position']!, r]));
}

const file = async (b: Benches) => {
  const plate = (await b.env.call('cache.manifest', { barcode: PLATE }))!;
  return b.env.call('plateRecord.file', { plateUuid: plate.uuid, page: { hrid: 'EXP-0001' }, filing: randomUUID() });
};

describe('the record of a plate with tubes this computer placed on Assign location', () => {
  it('offline, on a service that lists wells: the tube is in its well, and the record waits for the move', async () => {
    const b = await openBenches('extended');
    // Read while online, so they open offline: the plate, and the tubes' rows (the tube is named by its row's ID).
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.scan(PLATE);
    await b.queueHeldOffline();
    const { scan } = b.assignScreen();
    await scan(PLATE);
    await scan('A5');
    await scan('TB000131');
    const move = (await b.entries()).find((e) => e.intent?.type === 'location-assign')!;
    expect(move.state).toBe('pending');

    const rec = await file(b);
    const wells = await wellsOf(b, rec);
    expect(wells.get('A5')).toMatchObject({ 'sample id': 'S-0131', content: 'sample' });
    // Read from the copy saved before going offline: another bench may have filled A4 since.
    expect(wells.get('A4')).toMatchObject({ content: 'unknown' });
    // Its entries go only once the move is done, and not at all if it is refused: another bench's tube
    // went into A5 meanwhile, so the record's A5 is not so.
    await b.otherPuts(PLATE, 'A5', 'S-0099');
    b.proxy().setFaults([]);
    for (let i = 0; i < 3; i++) await b.sync();
    const after = new Map((await b.entries()).map((e) => [e.id, e]));
    expect(after.get(move.id)?.state).toBe('failed');
    expect(rec.entries.map((id) => after.get(id)?.state)).toEqual(Array(5).fill('failed'));
    expect(b.heldOnService(PLATE, 'A5')).toBe('S-0099');
  }, 60_000);

  it("on a service that lists no wells, a confirmed move is the plate's used well: the rest is empty", async () => {
    const b = await openBenches('spec');
    const { scan } = b.assignScreen();
    await scan(PLATE);
    await scan('A5');
    await scan('TB000131');
    await b.sync();
    expect((await b.entries()).find((e) => e.intent?.type === 'location-assign')?.state).toBe('done');
    expect(b.heldOnService(PLATE, 'A5')).toBe('S-0131');

    const rec = await file(b);
    const wells = await wellsOf(b, rec);
    expect(wells.get('A5')).toMatchObject({ 'sample id': 'S-0131', content: 'sample' });
    expect([...wells.values()].filter((r) => r['content'] === 'unknown')).toEqual([]);
    expect([...wells.values()].filter((r) => r['content'] === 'empty')).toHaveLength(95);
  }, 60_000);
});
