import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { bundleSvelteForPage, chromiumPageForSuite } from '../../../../helpers/chromium-page.js';

/**
 * The Outbox's row (EntryRow.svelte) alone in a real Chromium, for the row tests: `show(entries)` draws
 * each entry as main lists it, and `acts()` is what the row asked of its list (the channel, the entry and
 * the words said once it was taken).
 */
const here = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));

const PAGE = `<!doctype html><html><body><table><tbody id="rows"></tbody></table>
<script type="module" src="/row.js"></script></body></html>`;

const ENTRY = `import { mount } from 'svelte';
import EntryRow from ${here('../../../../../renderer/workflows/outbox/EntryRow.svelte')};
window.acts = [];
const list = { confirming: null, editing: null, api: {}, message: null,
  act(channel, id, done) { window.acts.push({ channel, id, done }); }, reconcile() {}, restore() {} };
window.show = (e) => mount(EntryRow, { target: document.getElementById('rows'), props: { e, list } });
window.ready = true;`;

const bundle = () => bundleSvelteForPage(ENTRY);

export interface RowAct {
  channel: string;
  id: number;
  done: string;
}

/** One Chromium page for a suite's row tests (chromiumPageForSuite: opened before, closed after). */
export function entryRowPage() {
  const chrome = chromiumPageForSuite(PAGE, '/row.js', bundle);
  return {
    get page(): Page {
      return chrome.page;
    },
    /** A fresh page with these entries drawn, one row each. */
    async show(entries: unknown[]): Promise<Page> {
      const page = chrome.page;
      await page.goto(chrome.url);
      await page.waitForFunction(() => 'ready' in globalThis);
      await page.evaluate((list) => {
        const w = globalThis as unknown as { show: (e: unknown) => void };
        for (const e of list) w.show(e);
      }, entries);
      return page;
    },
    acts: (): Promise<RowAct[]> => chrome.page.evaluate(() => (globalThis as unknown as { acts: RowAct[] }).acts),
  };
}
