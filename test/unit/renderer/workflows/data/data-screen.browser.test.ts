import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundleSvelteForPage, chromiumPageForSuite, SYSTEM_CHROMIUM } from '../../../../helpers/chromium-page.js';

/**
 * The Data screen (DataScreen.svelte and its Labsheets tab) in a real Chromium, over a fake main that
 * answers what a service may: a name or a row uuid listed twice, a labsheet that cannot be read, an
 * answer the screen does not expect. Skipped where no system Chromium is installed (see SETUP-NOTES).
 */
const here = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));

const PAGE = `<!doctype html><html><body><div id="app"></div>
<script type="module" src="/data.js"></script></body></html>`;

// `window.service` is what the fake main answers from; a test sets it before `start()`.
const ENTRY = `import { mount } from 'svelte';
import Harness from ${here('./harness/DataScreenHarness.svelte')};
const rowsOf = (name) => window.service.rows[name];
const api = {
  async invoke(channel, payload) {
    if (channel === 'lab.fetchLabsheetList')
      return { ok: true, value: { items: window.service.names.map((name) => ({ name })), success: true } };
    if (channel === 'lab.fetchLabsheetRows') {
      // A test holds row reads back (a slow line) with window.holdRows, a promise it resolves.
      if (window.holdRows) await window.holdRows;
      const sheet = rowsOf(payload.labsheet);
      if (sheet === 'offline')
        return { ok: false, error: { code: 'service', kind: 'network', message: 'The service cannot be reached.' } };
      if (!sheet) return { ok: false, error: { code: 'service', kind: 'not-found', message: 'No such labsheet.' } };
      const from = (payload.page - 1) * payload.pageSize;
      return { ok: true, value: { ...sheet, rows: (sheet.rows ?? []).slice(from, from + payload.pageSize) } };
    }
    return { ok: false, error: { code: 'failed', message: 'not here: ' + channel } };
  },
  subscribe: () => () => undefined,
};
window.start = () => mount(Harness, { target: document.getElementById('app'), props: { api } });
window.ready = true;`;

const bundle = () => bundleSvelteForPage(ENTRY);

const SAMPLES = {
  headers: ['uuid', 'Sample ID', 'Status'],
  rows: Array.from({ length: 340 }, (_, i) => [`u-${i}`, `S-${String(i).padStart(4, '0')}`, 'received']),
  total: 340,
};

interface FakeService {
  names: string[];
  rows: Record<string, unknown>;
}

describe.skipIf(!SYSTEM_CHROMIUM)('the Data screen in Chromium', { retry: 1 }, () => {
  const chrome = chromiumPageForSuite(PAGE, '/data.js', bundle);
  let page: Page;

  beforeEach(async () => {
    page = chrome.page;
    await page.goto(chrome.url);
    await page.waitForFunction(() => 'ready' in globalThis);
  });

  const start = async (service: FakeService) => {
    await page.evaluate((s) => {
      const w = globalThis as unknown as { service: FakeService; start: () => void };
      w.service = s;
      w.start();
    }, service);
  };
  const setService = (service: FakeService) =>
    page.evaluate((s) => void ((globalThis as unknown as { service: FakeService }).service = s), service);
  const open = (name: string) => page.getByTestId('labsheet-list').getByRole('button', { name }).first().click();
  const text = async (testid: string) =>
    (await page.getByTestId(testid).count()) === 0 ? null : await page.getByTestId(testid).first().textContent();
  const bodyRows = () => page.locator('[data-testid="rows-table"] tbody tr').allTextContents();

  it('a labsheet name listed twice does not stop the list', async () => {
    await start({ names: ['Samples', 'Twice', 'Twice'], rows: { Samples: SAMPLES } });
    // On the old code: each_key_duplicate, and the list stood empty.
    await expect.poll(() => page.getByTestId('labsheet-list').getByRole('button').count()).toBe(3);
  });

  it('rows that share a uuid are all shown, and the table still follows the labsheet opened', async () => {
    const dupes = {
      headers: ['uuid', 'Sample ID'],
      rows: [
        ['u-1', 'D-1'],
        ['u-1', 'D-1 again'],
        ['u-2', 'D-2'],
      ],
      total: 3,
    };
    await start({ names: ['Dupes', 'Samples'], rows: { Dupes: dupes, Samples: SAMPLES } });
    await open('Dupes');
    // On the old code: each_key_duplicate, and the table kept what it showed before (no rows).
    await expect
      .poll(bodyRows)
      .toEqual([expect.stringContaining('D-1'), expect.stringContaining('D-1 again'), expect.stringContaining('D-2')]);
    await open('Samples');
    await expect.poll(async () => (await bodyRows())[0]).toContain('S-0000');
  });

  it("a labsheet that cannot be read shows none of the last one's columns, and offers no column to delete or search", async () => {
    await start({ names: ['Samples', 'Offline'], rows: { Samples: SAMPLES, Offline: 'offline' } });
    await open('Samples');
    await expect.poll(() => text('delete-column-form')).toContain('Status');
    await open('Offline');
    await expect.poll(() => text('open-labsheet')).toBe('Offline');
    await expect.poll(() => text('rows-error')).toContain('The service cannot be reached.');
    // On the old code: Samples' columns under "Offline", "of 340", and Samples' columns offered for deletion.
    expect(await page.locator('[data-testid="rows-table"] thead').textContent()).not.toContain('Sample ID');
    expect(await page.getByTestId('delete-column-form').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    expect(await page.locator('.data-screen').textContent()).not.toContain('340');
  });

  it('the ID column is searched by default, and the row uuid column can be chosen and stays chosen', async () => {
    await start({ names: ['Samples'], rows: { Samples: SAMPLES } });
    await open('Samples');
    const column = page.getByRole('combobox', { name: 'Column to search' });
    await expect.poll(() => column.inputValue()).toBe('Sample ID');
    // A tube scanned by its row uuid is searched there (labsheet-browser.svelte.ts); on the old code the picker
    // offered no uuid, so it put "Sample ID" back under the uuid's results.
    await column.selectOption('uuid');
    await expect.poll(() => column.inputValue()).toBe('uuid');
  });

  it('Reload rows (a button, by keyboard too) reads the rows again and says when they were read', async () => {
    await start({ names: ['Samples'], rows: { Samples: SAMPLES } });
    await open('Samples');
    await expect.poll(() => text('rows-read-at')).toMatch(/^Rows read at /);
    // Columns changed at another bench. On the old code the only ↻ reloaded the labsheet names.
    await setService({
      names: ['Samples'],
      rows: { Samples: { ...SAMPLES, headers: ['uuid', 'Sample ID', 'State'] } },
    });
    await page.getByRole('button', { name: 'Reload rows' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="rows-table"] thead').textContent()).toContain('State');
  });

  it('while the next page is read, the rows still shown cannot be exported', async () => {
    await start({ names: ['Samples'], rows: { Samples: SAMPLES } });
    await open('Samples');
    await expect.poll(async () => (await bodyRows())[0]).toContain('S-0000');
    await page.evaluate(() => {
      const w = globalThis as unknown as { holdRows?: Promise<void>; releaseRows?: () => void };
      w.holdRows = new Promise<void>((r) => (w.releaseRows = r));
    });
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByTestId('export-csv').isDisabled()).toBe(true);
    expect((await bodyRows())[0]).toContain('S-0000'); // page 1's rows, under page 2's pager
    await page.evaluate(() => {
      const w = globalThis as unknown as { holdRows?: Promise<void>; releaseRows?: () => void };
      w.holdRows = undefined;
      w.releaseRows?.();
    });
    await expect.poll(async () => (await bodyRows())[0]).toContain('S-0050');
    expect(await page.getByTestId('export-csv').isDisabled()).toBe(false);
  });

  it('a tab that fails to draw says so and can be reloaded', async () => {
    // An answer the screen does not expect: headers missing from a row listing.
    await start({ names: ['Broken'], rows: { Broken: { rows: [], total: 0 } } });
    await open('Broken');
    // On the old code: the screen stopped drawing, with no word of it.
    await expect.poll(() => text('data-tab-failed')).toContain('This tab stopped working');
    await setService({ names: ['Broken'], rows: { Broken: SAMPLES } });
    await page.getByTestId('data-tab-reload').click();
    await expect.poll(() => page.getByTestId('data-tab-failed').count()).toBe(0);
    await open('Broken');
    await expect.poll(async () => (await bodyRows())[0]).toContain('S-0000');
  });
});
