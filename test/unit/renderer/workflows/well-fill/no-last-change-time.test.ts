import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { benchesPerTest, onPlate, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * A service that lists no wells and gives no lastUpdate for a plate (the spec's wording allows leaving it
 * out): only the count of empty wells is left, and another bench that swaps or moves tubes leaves it as it
 * was. Nothing here can see such a change, so no well this computer did not just write is known: Well fill
 * stops choosing wells by itself and says why, and the plate record calls them "unknown", never a tube of
 * the old view or "empty". The real main in-process on the real sandbox (spec answers) behind the fault
 * proxy, which strips lastUpdate; "another bench" writes to the sandbox over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

async function withoutLastUpdate(): Promise<Benches> {
  const b = await openBenches('spec');
  b.proxy().setFaults([
    {
      path: '/manifest/fetch-metadata',
      method: 'GET',
      fault: {
        kind: 'rewrite',
        edit: (a) => {
          const { lastUpdate: _dropped, ...rest } = a as Record<string, unknown>;
          return rest;
        },
      },
    },
  ]);
  return b;
}

/** A1 and A2 filled here and sent; then another bench empties A1 and fills `theirs`: as many wells used as before. */
async function swappedElsewhere(theirs: string, sample: string) {
  const b = await onPlate(await withoutLastUpdate(), PLATE);
  expect(b.s.plate?.reading.lastUpdate).toBeNull();
  // A fresh plate the count says is empty: nothing to see, the fill starts by itself.
  expect(b.s.cursor).toBe('A1');
  await b.scan('TB000001');
  await b.scan('TB000002');
  await b.sync();
  expect([b.onService('A1'), b.onService('A2')]).toEqual(['S-0001', 'S-0002']);
  await b.otherEmpties(PLATE, 'A1');
  await b.otherPuts(PLATE, theirs, sample);
  return b;
}

describe('Well fill: a plate read without a last-change time, on a service that lists no wells', () => {
  it('opened again after another bench swapped tubes: no well is chosen by itself, and the screen says why', async () => {
    const b = await swappedElsewhere('A3', 'S-0099');
    await b.scan('#CMD:DONE');
    await b.scan(PLATE);
    // The old code: "next well A3", and the next tube replaced S-0099 there.
    expect(b.s.held).toBe(true);
    expect(b.s.cursor).toBeNull();
    expect(b.said()).toMatch(
      /^PL-0003 · .* — Any well may be used: the service gives no last-change time for this plate/,
    );
    expect(b.said()).toMatch(
      /so changes made at another bench \(a tube swapped, moved or taken out\) cannot be seen here/,
    );
    const before = await b.queued();
    await b.scan('TB000003');
    expect(b.said()).toMatch(/^Any well may be used: the service gives no last-change time/);
    expect(await b.queued()).toBe(before);
    await b.sync();
    expect(b.onService('A3')).toBe('S-0099');
  });

  it('the plate record calls every well it cannot know "unknown": not the old tubes, never "empty"', async () => {
    const b = await swappedElsewhere('B5', 'S-0041');
    const plate = (await b.env.call('cache.manifest', { hrid: 'PL-0003' }))!;
    const rec = await b.env.call('plateRecord.file', {
      plateUuid: plate.uuid,
      page: { hrid: 'EXP-0001' },
      filing: randomUUID(),
    });
    const csv = Buffer.from(
      (await b.env.call('plateRecord.read', { folder: rec.folder, name: rec.files[0]!.name })).base64,
      'base64',
    );
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    const byPos = new Map(rows.map((r) => [r['position'], r]));
    // The old code: A1 S-0001 (taken out elsewhere) and B5 "empty" (it holds S-0041).
    expect(byPos.get('A1')).toMatchObject({ 'sample id': '', content: 'unknown' });
    expect(byPos.get('B5')).toMatchObject({ 'sample id': '', content: 'unknown' });
    expect(rows.filter((r) => r['content'] === 'empty')).toEqual([]);
    expect(rows.filter((r) => r['sample id'] !== '')).toEqual([]);
  });
});
