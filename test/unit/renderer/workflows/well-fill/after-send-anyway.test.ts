import { describe, expect, it, vi } from 'vitest';
import { benchesPerTest, onPlate, type Benches } from '../../../../helpers/benches-on-main.js';

/**
 * Well fill while another bench fills the same plate: this computer's tube is held for a look (the
 * plate changed on the service since it was read), and the user sends it anyway from the Outbox in
 * another tab, the Well fill page staying open (not shown again, so not re-read on its return). Send
 * anyway takes the plate as read at the hold for this computer's own, so main's check passes the next
 * tubes: they must not go into wells the other bench filled, which this page had shown empty. The real
 * main in-process on the real sandbox (behind the fault proxy); "another bench" writes to the sandbox
 * over HTTP.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

/** The tube of demo sample n, as the demo lab names it (TB000011 holds S-0011). */
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

/**
 * A1 filled from here and sent; another bench fills A2 and A3; the next tube (A2 on this page) is held
 * for a look, and sent anyway once the page has the news.
 */
async function sentAnywayOverTheirs(profile: 'spec' | 'extended') {
  const b = await onPlate(await openBenches(profile), PLATE);
  await b.scan(tube(1));
  await b.sync();
  expect(b.onService('A1')).toBe('S-0001');
  await b.otherPuts(PLATE, 'A2', 'S-0201');
  await b.otherPuts(PLATE, 'A3', 'S-0202');

  const readings = b.s.readingsTaken;
  await b.scan(tube(2));
  expect(b.said()).toMatch(/^S-0002 → A2 · next A3/);
  await b.sync();
  const held = (await b.entries()).find((e) => e.state === 'failed')!;
  expect(held.lastError?.kind).toBe('plate-changed');
  await vi.waitFor(() => expect(b.s.wells['A2']).toMatchObject({ sample: 'S-0002', sync: 'held' }));
  // The news that the plate changed is a reason to read it again (the old code never did).
  await vi.waitFor(() => expect(b.s.readingsTaken, 'the plate read again after the hold').toBeGreaterThan(readings));

  // The user looked at this one tube (A2, over S-0201) and sends it anyway.
  expect((await b.env.call('outbox.retry', { id: held.id })).ok).toBe(true);
  await b.sync();
  await vi.waitFor(async () => expect((await b.entries()).find((e) => e.id === held.id)?.state).toBe('done'));
  expect(b.onService('A2')).toBe('S-0002');
  await vi.waitFor(() => expect(b.s.wells['A2']).toMatchObject({ sample: 'S-0002', sync: 'synced' }));
  return b;
}

const wellSets = async (b: Benches) => (await b.entries()).filter((e) => e.intent?.type === 'well-set');

describe('Well fill, wells listed: tubes scanned after Send anyway', () => {
  it('go past the wells another bench filled, never over their tubes', async () => {
    const b = await sentAnywayOverTheirs('extended');
    // The page shows their A3: the fill goes on from A4.
    expect(b.s.wells['A3']).toMatchObject({ sample: 'S-0202' });
    await b.scan(tube(3));
    expect(b.said()).toMatch(/^S-0003 → A4 · next A5/);
    await b.scan(tube(4));
    await b.sync();

    expect(['A1', 'A2', 'A3', 'A4', 'A5'].map((p) => b.onService(p))).toEqual([
      'S-0001',
      'S-0002',
      'S-0202',
      'S-0003',
      'S-0004',
    ]);
    expect((await wellSets(b)).map((e) => e.state)).toEqual(['done', 'done', 'done', 'done']);
  });
});

describe('Well fill, wells not listed: tubes scanned after Send anyway', () => {
  it('wait for the user to say where: the fill stops at wells nobody here can place', async () => {
    const b = await sentAnywayOverTheirs('spec');
    expect(b.s.held).toBe(true);
    expect(b.s.cursor).toBeNull();
    const before = await b.queued();
    await b.scan(tube(3));
    expect(b.said()).toMatch(
      /wells of this plate were filled elsewhere at positions this computer does not know: scan the position/,
    );
    expect(await b.queued()).toBe(before);
    await b.sync();
    expect(b.onService('A3')).toBe('S-0202');

    // The user says where: the fill goes from there.
    await b.scan('B1');
    await b.scan(tube(3));
    expect(b.said()).toMatch(/^S-0003 → B1 · next B2/);
    await b.sync();
    expect(b.onService('B1')).toBe('S-0003');
    expect(b.onService('A3')).toBe('S-0202');
  });
});
