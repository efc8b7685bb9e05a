import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build, type PluginOption, type Rollup } from 'vite';
import { afterAll, beforeAll } from 'vitest';

/** Debian's chromium (apt), as SETUP-NOTES says: tests that need it skip where it is not installed. */
export const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

/** One ES module for a test page, bundled from `source` (imports of the app's files by path) with `plugins`. */
export async function bundleForPage(
  source: string,
  o: { plugins?: PluginOption[]; conditions?: string[] } = {},
): Promise<string> {
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      ...(o.plugins ?? []),
      {
        name: 'entry',
        resolveId: (id) => (id === 'virtual:entry' ? id : null),
        load: (id) => (id === 'virtual:entry' ? source : null),
      },
    ],
    ...(o.conditions ? { resolve: { conditions: o.conditions } } : {}),
    build: { write: false, minify: false, rollupOptions: { input: 'virtual:entry', output: { format: 'es' } } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const first = Array.isArray(out) ? out[0]! : out;
  const chunk = first.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error('no bundle');
  return chunk.code;
}

/**
 * bundleForPage for a page that mounts the app's Svelte components, compiled as the app's are (runes, the
 * browser build of Svelte, CSS in the components). `dev`: Svelte's dev checks on (a duplicate key throws).
 */
export function bundleSvelteForPage(source: string, o: { dev?: boolean } = {}): Promise<string> {
  return bundleForPage(source, {
    plugins: [svelte({ compilerOptions: { runes: true, ...(o.dev ? { dev: true } : {}) }, emitCss: false })],
    conditions: ['browser'],
  });
}

/**
 * A page of the system Chromium, for every test of the suite it is called in: `html` is served at every
 * path but `script`, which answers the module `bundled` makes (once), on 127.0.0.1. Opened before the
 * first test and closed after the last; `page` and `url` are read inside a test.
 */
export function chromiumPageForSuite(
  html: string,
  script: string,
  bundled: () => Promise<string>,
): { readonly page: Page; readonly url: string } {
  let server: Server | null = null;
  let browser: Browser | null = null;
  let page: Page | null = null;
  beforeAll(async () => {
    const js = await bundled();
    const s = createServer((req, res) => {
      res.setHeader('content-type', req.url === script ? 'text/javascript' : 'text/html');
      res.end(req.url === script ? js : html);
    }).listen(0, '127.0.0.1');
    server = s;
    await new Promise((r) => s.once('listening', r));
    browser = await chromium.launch({
      executablePath: SYSTEM_CHROMIUM!,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });
  return {
    get page(): Page {
      if (!page) throw new Error('the page is open only inside the tests of its suite');
      return page;
    },
    get url(): string {
      if (!server) throw new Error('the page is served only inside the tests of its suite');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    },
  };
}
