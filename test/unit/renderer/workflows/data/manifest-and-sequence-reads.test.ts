import { describe, expect, it } from 'vitest';
import { ManifestFinder } from '../../../../../renderer/workflows/data/manifest-finder.svelte.js';
import { SequenceBrowser } from '../../../../../renderer/workflows/data/sequences.svelte.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite } from '../../../../helpers/tube-lab.js';

/**
 * Data › Manifests and Data › Sequences reads, on the real main with its embedded sandbox answering as
 * the spec shows ('spec': a single sequence read has no `type`).
 */
const lab = fixtureFileForSuite({
  users: [{ email: 'ada@lab.example', token: 'reads-token', superAdmin: true }],
  manifests: [
    // A box whose barcode looks like an hrid.
    {
      name: 'Freezer box 20931',
      hrid: 'BOX-0007',
      barcode: 'BX-20931',
      template: '81 Well Box',
      layout: { rows: 9, columns: 9 },
    },
    // One's barcode is the other's hrid.
    {
      name: 'Plate A',
      hrid: 'PL-0001',
      barcode: 'PL-0002',
      template: '96 Well Plate',
      layout: { rows: 8, columns: 12 },
    },
    {
      name: 'Plate B',
      hrid: 'PL-0002',
      barcode: 'PLT000777',
      template: '96 Well Plate',
      layout: { rows: 8, columns: 12 },
    },
  ],
  sequences: [{ name: 'GFP protein', type: 'PROTEIN', sequence: 'MSKGEELFTGVVPILVELDGDVNGHKFSVSGEGEGDATYGKLTLKF' }],
});
const page = pageOnMainForSuite(() => ({ sandboxFixture: lab(), sandboxAnswers: { profile: 'spec' } }), 60_000);

/** The page's API, with the manifest look-ups it makes written down. */
function watched(): { api: BenchlinkApi; asked: unknown[] } {
  const asked: unknown[] = [];
  const api: BenchlinkApi = {
    ...page.env.api,
    invoke: ((channel: string, payload: unknown) => {
      if (channel === 'lab.fetchManifestMetadata') asked.push(payload);
      return page.env.api.invoke(channel as 'lab.fetchManifestMetadata', payload as { hrid: string });
    }) as BenchlinkApi['invoke'],
  };
  return { api, asked };
}

describe('Data › Manifests: a scanned code', () => {
  it('guessed an hrid but not found as one, is looked up as a barcode', async () => {
    const { api, asked } = watched();
    const finder = new ManifestFinder(api);
    const answer = await finder.scanned('BX-20931');
    // The old look-up asked only for the hrid BX-20931 and said "No manifest".
    expect(answer).toEqual({ ok: true, text: 'BOX-0007 Freezer box 20931: 81 empty' });
    expect(finder.manifest?.barcode).toBe('BX-20931');
    expect(asked).toEqual([{ hrid: 'BX-20931' }, { barcode: 'BX-20931' }]);
  });

  it('is looked up by the key the user chose, not guessed again', async () => {
    const { api, asked } = watched();
    const finder = new ManifestFinder(api);
    finder.key = 'barcode';
    // The old scan handler set "Find by" back to guessing: PL-0002 was taken for an hrid, and Plate B shown.
    const answer = await finder.scanned('PL-0002');
    expect(answer.ok).toBe(true);
    expect(finder.manifest?.name).toBe('Plate A');
    expect(finder.key).toBe('barcode');
    expect(asked).toEqual([{ barcode: 'PL-0002' }]);
  });

  it('found by neither key, says both were tried', async () => {
    const finder = new ManifestFinder(page.env.api);
    const answer = await finder.scanned('ZZ-0404');
    expect(answer.ok).toBe(false);
    expect(finder.error?.text).toBe('No manifest has the hrid or the barcode "ZZ-0404".');
    expect(finder.error?.kind).toBe('not-found');
  });
});

describe('Data › Sequences: a read without its type', () => {
  it('a protein opened from the list keeps the list’s type (aa, no GC %)', async () => {
    const q = new SequenceBrowser(page.env.api);
    await q.load(0);
    const item = q.items.find((i) => i.name === 'GFP protein')!;
    expect(item.type).toBe('PROTEIN');
    await q.view(item.name, item.uuid);
    expect(q.currentError).toBeNull();
    // The old browser showed the read as it came, without a type: counted in bp, with a GC %.
    expect(q.current?.type).toBe('PROTEIN');
  });
});
