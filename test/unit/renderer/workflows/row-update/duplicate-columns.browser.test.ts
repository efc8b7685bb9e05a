import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleSvelteForPage, chromiumPageForSuite, SYSTEM_CHROMIUM } from '../../../../helpers/chromium-page.js';

/**
 * Row update's fields (RowFields.svelte) and the ID columns' chooser (IdColumns.svelte) in a real Chromium,
 * for a row listing that names a column twice ("Status"), and a column of the user's called "uuid" beside
 * the row's uuid. Drawn in a list keyed by column name, Svelte threw each_key_duplicate and the screen
 * stopped drawing. Compiled as in development, where Svelte checks the keys. Skipped where no system
 * Chromium is installed (see SETUP-NOTES).
 */
const here = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));

const PAGE = `<!doctype html><html><body><div id="fields"></div><div id="ids"></div>
<script type="module" src="/screen.js"></script></body></html>`;

const ENTRY = `import { mount } from 'svelte';
import RowFields from ${here('../../../../../renderer/workflows/row-update/RowFields.svelte')};
import IdColumns from ${here('../../../../../renderer/lib/id-columns/IdColumns.svelte')};
import { RowState } from ${here('../../../../../renderer/workflows/row-update/row-state.svelte.ts')};
const api = { invoke: async () => ({ ok: false, error: { message: 'not here' } }), subscribe: () => () => {} };
window.errors = [];
window.addEventListener('error', (e) => window.errors.push(String(e.message)));
window.showRow = (row) => {
  const s = new RowState(api, { report() {} }, {}, 'svc');
  s.show(row);
  mount(RowFields, { target: document.getElementById('fields'), props: { s, onSave() {}, onDiscard() {} } });
};
window.showIds = (columns) => {
  mount(IdColumns, { target: document.getElementById('ids'), props: { columns, onSave: async () => null } });
};
window.ready = true;`;

const bundle = () => bundleSvelteForPage(ENTRY, { dev: true });

const HEADERS = ['uuid', 'Sample ID', 'Tube Barcode', 'Status', 'Notes', 'Status', 'uuid'];

describe.skipIf(!SYSTEM_CHROMIUM)(
  'Row update on a listing that names a column twice, in Chromium',
  { retry: 1 },
  () => {
    const chrome = chromiumPageForSuite(PAGE, '/screen.js', bundle);

    it('draws the row, a column named twice shown and not editable', async () => {
      const page = chrome.page;
      const thrown: string[] = [];
      page.on('pageerror', (e) => thrown.push(e.message));
      await page.goto(chrome.url);
      await page.waitForFunction(() => 'ready' in globalThis);
      await page.evaluate((headers) => {
        const w = globalThis as unknown as { showRow: (r: unknown) => void };
        w.showRow({
          found: true,
          labsheet: 'Samples',
          headers,
          idColumn: 'Sample ID',
          barcodeColumn: 'Tube Barcode',
          idFrom: 'chosen',
          matchedBy: 'ID',
          row: {
            uuid: '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b',
            'Sample ID': 'S-0012',
            'Tube Barcode': 'TB000012',
            Status: 'received',
            Notes: null,
          },
          fetchedAt: 1,
          fromCache: false,
        });
      }, HEADERS);
      await expect.poll(() => page.getByTestId('field-Notes').count()).toBe(1);
      expect(thrown).toEqual([]);
      expect(await page.getByTestId('shown-Status').count()).toBe(2);
      expect(await page.getByTestId('field-Status').count()).toBe(0);
    });

    it('the chooser offers no column named twice, and asks for the barcode column a guess did not find', async () => {
      const page = chrome.page;
      const thrown: string[] = [];
      page.on('pageerror', (e) => thrown.push(e.message));
      await page.goto(chrome.url);
      await page.waitForFunction(() => 'ready' in globalThis);
      await page.evaluate((headers) => {
        const w = globalThis as unknown as { showIds: (c: unknown) => void };
        w.showIds({ labsheet: 'Samples', headers, idColumn: 'Sample ID', barcodeColumn: null, idFrom: 'guess' });
      }, HEADERS);
      await expect.poll(() => page.getByTestId('choose-id-column').count()).toBe(1);
      expect(thrown).toEqual([]);
      const ids = await page.getByTestId('choose-id-column').locator('option').allTextContents();
      expect(ids).toEqual(['Sample ID', 'Tube Barcode', 'Notes']);
      expect(await page.getByTestId('choose-barcode-column').locator('option:checked').textContent()).toBe(
        '— choose —',
      );
      await page.getByTestId('id-columns-save').click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe('Choose the barcode column (ID_BARCODE), or "none" if this labsheet has none');
    });
  },
);
