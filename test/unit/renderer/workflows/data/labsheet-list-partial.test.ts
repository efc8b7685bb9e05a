import { describe, expect, it } from 'vitest';
import { LabsheetBrowser } from '../../../../../renderer/workflows/data/labsheet-browser.svelte.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A service whose labsheet list names fewer labsheets than its `total` (a first page: the spec shows no
 * query for the rest). Main on its sandbox through the fault proxy, which answers the list so.
 */
const openBenches = benchesPerTest();

describe('Data › Labsheets when the service lists only some of its labsheets', () => {
  it('says how many it has, and a labsheet it did not list still opens by name', async () => {
    const b = await openBenches('extended');
    const firstPage = { items: [{ name: 'Aardvarks' }], total: 250, success: true };
    b.proxy().setFaults([
      { path: '/labsheets/fetch-list', fault: { kind: 'replace', body: JSON.stringify(firstPage) } },
    ]);
    const browser = new LabsheetBrowser(b.env.api);
    await browser.loadList();
    expect(browser.names).toEqual(['Aardvarks']);
    expect(browser.listedOf).toBe(250);

    await browser.openLabsheet('Samples');
    expect(browser.rowsError).toBeNull();
    expect(browser.headers).toContain('Tube Barcode');

    // A whole list says nothing of the kind.
    b.proxy().setFaults([]);
    await browser.loadList();
    expect(browser.names).toContain('Samples');
    expect(browser.listedOf).toBeNull();
  });
});
