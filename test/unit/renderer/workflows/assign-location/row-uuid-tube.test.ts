import { describe, expect, it } from 'vitest';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube scanned by its row's uuid on Assign location (a lab that prints it as the tube's 2D code), on the
 * real main and its embedded sandbox. On the old code no lookup matched a row uuid: in Detect mode the uuid
 * was taken for an unknown location and the bench asked about it; with ID type "Row uuid" the tube was "not
 * in the labsheet" and the bench asked whether to record it anyway, though its row was right there.
 */
const open = benchesPerTest();

async function boxOpen(idType: 'detect' | 'ROW_UUID' | 'ID' | 'ID_BARCODE') {
  const b = await open('spec');
  const store = b.sandbox().store;
  const sheet = store.labsheets.byName('Samples')!.uuid;
  const { s, scan } = b.assignScreen();
  s.idType = idType;
  await scan('BOX000001');
  return { b, s, scan, uuidOf: (id: string) => store.rows.byIdValue(sheet, id)[0]!.uuid };
}

describe('Assign location: a tube scanned by its row uuid', () => {
  it("in Detect mode goes in unasked, sent by its row's ID; the service puts its sample there; scanned again it is a duplicate", async () => {
    const { b, s, scan, uuidOf } = await boxOpen('detect');
    const uuid = uuidOf('S-0003');
    await scan(uuid);
    expect(s.guard).toBeNull();
    expect(s.assignments.map((a) => [a.id, a.idType, a.position])).toEqual([['S-0003', 'ID', 'A1']]);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0003');
    // The same tube again, by its uuid in upper case: it is in the box already.
    await scan(uuid.toUpperCase());
    expect(b.said()).toMatch(/nothing recorded/);
    expect(s.guard).toBeNull();
    expect(s.assignments).toHaveLength(1);
    // A plate's uuid is still a place (no row has it): it opens in the box's place.
    const plate = b.sandbox().store.manifests.find('barcode', 'PLT000003')!;
    await scan(plate.uuid);
    expect(s.guard).toBeNull();
    expect(s.location?.uuid).toBe(plate.uuid);
  });

  it('a tube put in by its barcode, scanned again by its row uuid, is a duplicate', async () => {
    const { s, scan, uuidOf, b } = await boxOpen('detect');
    await scan('TB000005');
    await scan(uuidOf('S-0005'));
    expect(s.guard).toBeNull();
    expect(b.said()).toMatch(/nothing recorded/);
    expect(s.assignments.map((a) => [a.id, a.position])).toEqual([['TB000005', 'A1']]);
  });

  it('a tube put in by its row uuid, scanned again by its barcode or its ID, is a duplicate', async () => {
    const { s, scan, uuidOf, b } = await boxOpen('detect');
    await scan(uuidOf('S-0006'));
    await scan('TB000006');
    expect(s.guard).toBeNull();
    expect(b.said()).toMatch(/nothing recorded/);
    await scan('S-0006');
    expect(b.said()).toMatch(/nothing recorded/);
    expect(s.assignments.map((a) => [a.id, a.position])).toEqual([['S-0006', 'A1']]);
  });

  it('with ID type "Row uuid" goes in unasked', async () => {
    const { b, s, scan, uuidOf } = await boxOpen('ROW_UUID');
    const uuid = uuidOf('S-0004');
    await scan(uuid);
    expect(s.guard).toBeNull();
    expect(s.assignments.map((a) => [a.id, a.idType, a.position])).toEqual([[uuid, 'ROW_UUID', 'A1']]);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0004');
  });

  it('with ID type "Row uuid", a tube put in by its uuid and scanned again by its barcode is refused with the reason, not queued by its barcode as a uuid', async () => {
    const { b, s, scan, uuidOf } = await boxOpen('ROW_UUID');
    const uuid = uuidOf('S-0004');
    await scan(uuid);
    const queued = await b.queued();
    // On the old code: "TB000004 → … A2", heard going in; the service found no row by that uuid and refused it.
    await scan('TB000004');
    expect(b.said()).toBe(
      'TB000004 is the tube barcode of S-0004, not its row uuid (the ID type chosen): the service would find no row by it. Scan its row uuid, or choose Detect; nothing recorded',
    );
    expect(s.assignments.map((a) => [a.id, a.position])).toEqual([[uuid, 'A1']]);
    expect(await b.queued()).toBe(queued);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A1')).toBe('S-0004');
    expect(b.heldOnService('BOX000001', 'A2')).toBeNull();
  });

  it('with ID type "Tube barcode", a sample ID or a row uuid of a known row is refused; its barcode goes in', async () => {
    const { b, s, scan, uuidOf } = await boxOpen('ID_BARCODE');
    await scan('S-0007');
    expect(b.said()).toMatch(/^S-0007 is the sample ID of S-0007, not its tube barcode \(the ID type chosen\)/);
    const uuid = uuidOf('S-0007');
    await scan(uuid);
    expect(b.said()).toMatch(new RegExp(`^${uuid} is the row uuid of S-0007, not its tube barcode`));
    await scan('TB000007');
    expect(s.assignments.map((a) => [a.id, a.idType, a.position])).toEqual([['TB000007', 'ID_BARCODE', 'A1']]);
  });

  it('with ID type "Row uuid", a rack file of barcodes is refused read by read with the reason; a uuid in it is saved', async () => {
    const { b, s, uuidOf } = await boxOpen('ROW_UUID');
    const uuid = uuidOf('S-0009');
    const csv = ['Position,Barcode', 'A1,TB000008', `A2,${uuid}`].join('\n');
    const { saved, refused } = await s.importRack(parseRackCsv(csv, s.layout!).good);
    expect(saved).toBe(1);
    expect(refused).toEqual([
      {
        position: 'A1',
        raw: 'TB000008',
        reason:
          'TB000008 is the tube barcode of S-0008, not its row uuid (the ID type chosen): the service would find no row by it. Scan its row uuid, or choose Detect',
      },
    ]);
    expect(s.assignments.map((a) => [a.id, a.position])).toEqual([[uuid, 'A2']]);
    await b.sync();
    expect(b.heldOnService('BOX000001', 'A2')).toBe('S-0009');
  });
});
