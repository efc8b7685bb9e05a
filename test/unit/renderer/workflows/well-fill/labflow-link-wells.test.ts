import { describe, expect, it } from 'vitest';
import { createLabClient } from '../../../../../main/api/index.js';
import { LabflowLinks } from '../../../../../renderer/workflows/well-fill/labflow-link.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { movedToBoxOffline, PLATE } from '../../../../helpers/moved-away-offline.js';

/**
 * Which samples "Link plate samples" on Well fill links: the plate's as Well fill draws it, each looked up
 * in the labsheet its well names. The real main in-process and its embedded sandbox (`extended` lists
 * wells) behind the fault proxy; "another bench" writes the plate over HTTP. Demo data: TB000n is the
 * row S-000n of Samples; R-001… are rows of Reagents.
 */
const openBenches = benchesPerTest();

const press = (b: Benches) =>
  new LabflowLinks(() => b.env.api).link(
    { plate: b.s.plate!, service: b.s.service, labsheet: b.s.labsheet },
    'LF-0001',
    'PT-0001',
  );
const linked = async (b: Benches) =>
  (await b.entries()).flatMap((e) => (e.intent?.type === 'labflow-link' ? [e.intent.request.sampleUuids] : []));
const uuidOf = async (b: Benches, labsheet: string, id: string) => {
  const row = await b.env.call('cache.row', { labsheet, value: id });
  if (!row.found) throw new Error(`${id} is not in ${labsheet}`);
  return row.row['uuid'];
};

describe('Link plate samples: the samples it names', () => {
  it("a well holding another labsheet's sample: looked up in that labsheet, not the screen's", async () => {
    const b = await openBenches('extended');
    await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
    await b.scan(PLATE);
    await b.scan('TB000001');
    await b.sync();
    // Another bench puts a row of Reagents in A2.
    const svc = b.sandbox();
    const other = createLabClient({
      connection: { baseUrl: svc.url, filesUrl: svc.url, eventsUrl: svc.url, mode: 'v2' },
      token: async () => svc.demoToken,
    });
    const plate = svc.store.manifests.find('barcode', PLATE)!;
    await other.updateManifest({
      uuid: plate.uuid,
      plate: { wells: [{ position: 'A2', sample: { id: 'R-001', labsheet: 'Reagents' }, label: 'SAMPLE', tags: [] }] },
    });

    expect(await press(b)).toEqual({ ok: true, said: '2 samples queued for LF-0001 / PT-0001' });
    const [uuids] = await linked(b);
    expect(uuids?.sort()).toEqual([await uuidOf(b, 'Samples', 'S-0001'), await uuidOf(b, 'Reagents', 'R-001')].sort());
  }, 60_000);

  it('a filled well whose tube was moved to a box on Assign location is linked, as Well fill draws it', async () => {
    // The listing cannot tell a fill (which the service keeps) from a tube moved in: the link names the
    // samples the bench sees on the plate (drawForFilling), not one fewer.
    const b = await openBenches('extended');
    await movedToBoxOffline(b, 'filled');
    const links = new LabflowLinks(() => b.env.api);
    const from = { plate: b.s.plate!, service: b.s.service, labsheet: b.s.labsheet };
    const asked = await links.link(from, 'LF-0001', 'PT-0001');
    expect(asked.said).toMatch(/only the 2 samples this computer knows would be linked/);
    expect(await links.link(from, 'LF-0001', 'PT-0001')).toEqual({
      ok: true,
      said: '2 samples queued for LF-0001 / PT-0001',
    });
    expect((await linked(b))[0]?.sort()).toEqual(
      [await uuidOf(b, 'Samples', 'S-0001'), await uuidOf(b, 'Samples', 'S-0002')].sort(),
    );
  }, 60_000);
});
