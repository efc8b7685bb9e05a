import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { benchesPerTest, onPlate, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * A layout smaller than the plate (the user said 8 × 12 for a 384-well plate, or its template's name was
 * read as 3 × 4) on a service that lists no wells: the service counts more empty wells than that layout
 * holds, so the used count went below zero and every well was taken for empty, and the next tube went
 * over the one another bench had put in A1. The layout is asked for again, with why, and the plate is
 * held meanwhile. The real main in-process on the real sandbox (spec answers) behind the fault proxy;
 * "another bench" writes to the sandbox over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000002'; // PL-0002, 384 wells (16 × 24), empty

/** Another bench fills A1 of the 384-well plate; this computer then opens it as `layout` says. */
async function opened(b: Benches) {
  await b.otherPuts(PLATE, 'A1', 'S-0099');
  return onPlate(b, PLATE);
}

async function noTubeOverTheirs(b: Awaited<ReturnType<typeof opened>>) {
  expect(b.s.plate?.layoutFrom).toBe('unknown');
  expect(b.s.held).toBe(true);
  expect(b.s.cursor).toBeNull();
  expect(b.said()).toMatch(
    /^PL-0002 · .* — Say how a ".*" is laid out first \(above the plate map\): the service counts 383 empty wells on it, more than a \d+ × \d+ layout holds$/,
  );
  const before = await b.queued();
  await b.scan('TB000040');
  expect(b.said()).toMatch(/^Say how a ".*" is laid out first/);
  expect(await b.queued()).toBe(before);
  await b.sync();
  expect(b.onService('A1')).toBe('S-0099');
}

describe('Well fill: a layout that holds fewer wells than the service counts empty', () => {
  it('the user’s answer was 8 × 12 for a 384-well plate: held, asked again with why; no tube over theirs', async () => {
    const b = await openBenches('spec');
    await b.env.call('cache.setTemplateLayout', { template: '384 Well Plate', rows: 8, columns: 12 });
    await noTubeOverTheirs(await opened(b));

    // The plate record is not made on it: its wells would be in the wrong places.
    const uuid = b.s.plate!.uuid;
    await expect(
      b.env.call('plateRecord.file', { plateUuid: uuid, page: { hrid: 'EXP-0001' }, filing: randomUUID() }),
    ).rejects.toThrow(/laid out is not known yet/);

    // Told again, rightly: the fill goes on, and A1 (theirs) is still counted as used elsewhere.
    await b.env.call('cache.setTemplateLayout', { template: '384 Well Plate', rows: 16, columns: 24 });
    expect(await b.s.load({ uuid })).toBe(true);
    expect(b.s.plate?.layoutFrom).toBe('user');
    expect(b.s.unknown).toBe(1);
  });

  it('a template name read as a small layout ("Echo 12-col 384 plate"): held, asked; no tube over theirs', async () => {
    const b = await openBenches('spec');
    b.proxy().setFaults([
      {
        path: '/manifest/fetch-metadata',
        method: 'GET',
        fault: { kind: 'rewrite', edit: (a) => ({ ...(a as object), template: 'Echo 12-col 384 plate' }) },
      },
    ]);
    await noTubeOverTheirs(await opened(b));
  });
});
