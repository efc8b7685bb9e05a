import { describe, expect, it } from 'vitest';
import { removeFromWells, tagWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Well fill on a box this computer put tubes into on Assign location: both screens on the real main
 * in-process, on the real sandbox. `spec` lists no wells (as a real service may), `extended` does.
 */
const openBenches = benchesPerTest();

type Profile = 'spec' | 'extended';

async function bench(profile: Profile) {
  const b = await openBenches(profile);
  const { s: a, scan: assign } = b.assignScreen();
  const box = () => b.sandbox().store.manifests.find('barcode', 'BOX000001')!;
  return {
    s: b.s,
    a,
    env: b.env,
    said: b.said,
    /** A scan on the Assign location screen. */
    assign,
    /** A scan on the Well fill screen. */
    fill: b.scan,
    sync: b.sync,
    /** The service goes away (the network is down): what is queued stays queued. */
    offline: async () => {
      // The tubes' rows first, as a bench that looked them up before has them.
      await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
      await b.sandbox().close();
    },
    otherPuts: (position: string, sample: string) => b.otherPuts('BOX000001', position, sample),
    onService: (position: string) =>
      b
        .sandbox()
        .store.manifests.wells(box().uuid)
        .find((x) => x.position === position)?.sampleId ?? null,
  };
}

describe.each<Profile>(['spec', 'extended'])('Well fill on a box with tubes assigned here (%s answers)', (profile) => {
  it('tubes not yet sent are drawn in their positions, the fill passes over them and knows them', async () => {
    const b = await bench(profile);
    await b.assign('BOX000001'); // read while the service answers: the box is known offline
    await b.offline();
    await b.assign('TB000100');
    await b.assign('TB000101');
    expect(b.said()).toMatch(/TB000101 → .* A2$/);

    await b.fill('BOX000001');
    expect(b.s.held).toBe(false);
    expect(b.s.wells['A1']).toMatchObject({ sample: 'TB000100', assigned: true, sync: 'pending' });
    expect(b.s.wells['A2']).toMatchObject({ sample: 'TB000101', assigned: true, sync: 'pending' });
    expect(b.s.cursor).toBe('A3');

    await b.fill('TB000102');
    expect(b.said()).toMatch(/^S-0102 → A3/);
    // The same tube again, by the name it was assigned with: it is already in the box.
    await b.fill('TB000100');
    expect(b.s.guard?.kind).toBe('duplicate-sample');
    expect(b.said()).toMatch(/already in A1/);
  });

  it('a tube removed on Well fill after its assignment was confirmed stays out, on both screens', async () => {
    const b = await bench(profile);
    await b.assign('BOX000001');
    await b.assign('TB000100');
    await b.sync();
    expect(b.onService('A1')).toBe('S-0100');

    await b.fill('BOX000001');
    expect(b.s.wells['A1']?.sample).not.toBeNull();
    expect(b.s.cursor).toBe('A2');
    expect(await removeFromWells(b.s, ['A1'], 'SAMPLE')).toBe('Removed sample from A1');
    await b.sync();
    expect(b.onService('A1')).toBeNull();
    expect((await b.env.call('outbox.counts', {})).failed).toBe(0);

    // Read again: the removal is in what the service (or this computer's record) says, the earlier
    // assignment must not put the tube back.
    expect(await b.s.load({ barcode: 'BOX000001' })).toBe(true);
    expect(b.s.wells['A1']?.sample).toBeNull();
    expect(b.s.cursor).toBe('A1');
    await b.assign('BOX000001');
    expect(b.said()).toMatch(/tubes go to A1$/);
  });
});

describe('Well fill on a box with tubes assigned here, on a service that lists no wells', () => {
  it("tags on a tube assigned by its barcode go out with the row's sample ID, never the barcode", async () => {
    const b = await bench('spec');
    await b.assign('BOX000001');
    await b.assign('TB000100');
    await b.sync();
    await b.fill('BOX000001');
    expect(b.s.wells['A1']).toMatchObject({ sample: 'TB000100', assigned: true });
    await b.s.samples.settled();
    await tagWells(b.s, ['A1'], 'thawed');
    const sent = (await b.env.call('outbox.list', { states: ['pending', 'sending', 'done'] })).find(
      (e) => e.intent?.type === 'well-set',
    );
    expect(sent?.intent).toMatchObject({ position: 'A1', sample: { id: 'S-0100' }, tags: ['thawed'] });
  });

  it("this computer's confirmed tubes do not hold the fill; another bench's tube does", async () => {
    const b = await bench('spec');
    await b.assign('BOX000001');
    await b.assign('TB000100');
    await b.assign('TB000101');
    await b.sync();

    await b.fill('BOX000001');
    expect(b.s.plate?.unplacedUsed).toBe(2); // the service counts them and cannot say where
    expect(b.s.held).toBe(false);
    expect(b.s.unknown).toBe(0);
    expect(b.s.wells['A1']).toMatchObject({ sample: 'TB000100', assigned: true, sync: 'synced' });
    expect(b.s.cursor).toBe('A3');

    await b.otherPuts('E5', 'S-0099');
    expect(await b.s.refresh()).toBe(true);
    expect(b.s.unknown).toBe(1);
    await b.fill('TB000102');
    expect(b.said()).toMatch(/^1 well of this plate was filled elsewhere/);
  });
});
