import { describe, expect, it } from 'vitest';
import { LabspaceBrowser } from '../../../../../renderer/workflows/data/folders.svelte.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A service whose labspace list names fewer labspaces than its `total` (a first page: the spec shows no
 * query for the rest). Main on its sandbox through the fault proxy, which answers the list so. On the
 * old code the list was shown as if whole.
 */
const openBenches = benchesPerTest();

describe('Data › Labspaces when the service lists only some of its labspaces', () => {
  it('says how many it has; a whole list says nothing of the kind', async () => {
    const b = await openBenches('extended');
    const firstPage = { items: [{ name: 'Aardvarks', uuid: 'u-aardvarks' }], total: 40, success: true };
    b.proxy().setFaults([
      { path: '/labspace/fetch-list', fault: { kind: 'replace', body: JSON.stringify(firstPage) } },
    ]);
    const spaces = new LabspaceBrowser(b.env.api);
    await spaces.loadList();
    expect(spaces.labspaces.map((l) => l.name)).toEqual(['Aardvarks']);
    expect(spaces.listedOf).toBe(40);

    b.proxy().setFaults([]);
    await spaces.loadList();
    expect(spaces.labspaces.length).toBeGreaterThan(0);
    expect(spaces.listedOf).toBeNull();
  });
});
