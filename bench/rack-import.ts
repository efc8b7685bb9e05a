/**
 * A rack scanner's file for the largest box (26 × 48 = 1,248 tubes) on Assign location, in the real
 * page on the browser host, over the real main router, outbox and read cache, with the sandbox on its
 * own thread (bench-app.ts): from the file chosen (the page reads it) to the screen saying what was
 * saved, its one commit answered. Once for tubes the labsheet has (the page's sample index knows
 * them) and once for tubes it does not (looked up in main, one call for the rack, then placed anyway).
 * Figures in ms; the "Saving…" step is also timed alone (the commit and the screen drawing it), and for
 * known tubes until the sync has sent every move (main, its read cache and outbox, the sandbox thread).
 */
import { pathToFileURL } from 'node:url';
import type { SandboxFixture } from '../main/sandbox/fixture.js';
import { benchFixture, startBenchApp, testId } from './bench-app.js';
import { openQuietPage } from './quiet-page.js';
import { percentile, round } from './stats.js';

const ROWS = 26;
const COLUMNS = 48;
const TUBES = ROWS * COLUMNS;
/** Timed imports of each kind. */
const RUNS = 3;
/** Labsheet rows for the known tubes: every known import of a session (RUNS + 1) has tubes of its own. */
const KNOWN_ROWS = (RUNS + 1) * TUBES;
type Kind = 'known' | 'unknown';
/** Known tubes are TB2nnnnn (labsheet rows S-2nnnnn), unknown ones TB9nnnnn: the same barcode pattern. */
const tube = (kind: Kind, n: number) => `TB${kind === 'known' ? 2 : 9}${String(n).padStart(5, '0')}`;
/** A box barcode by the app's patterns (BOX…): a scan of it opens that rack with another one open. */
const rackBarcode = (n: number) => `BOX9${String(n).padStart(5, '0')}`;
const rackHrid = (n: number) => `RK-${String(n).padStart(4, '0')}`;

/** The bench lab plus a labsheet row for every known tube and an empty 26 × 48 rack for every import. */
function rackFixture(racks: number, knownTubes: number): SandboxFixture {
  const f = benchFixture();
  const samples = f.labsheets?.find((l) => l.name === 'Samples');
  for (let n = 0; n < knownTubes; n++)
    samples?.rows?.push({ 'Sample ID': `S-2${String(n).padStart(5, '0')}`, 'Tube Barcode': tube('known', n) });
  for (let n = 1; n <= racks; n++)
    f.manifests?.push({
      name: `Bench Rack ${n}`,
      hrid: rackHrid(n),
      barcode: rackBarcode(n),
      template: '1248 Tube Rack',
      layout: { rows: ROWS, columns: COLUMNS },
    });
  return f;
}

/** A rack scanner export: every position, in row order from A1, tubes `first`… of a kind. */
function rackFile(kind: Kind, first: number): string {
  const lines = ['Position,Barcode'];
  for (let i = 0; i < TUBES; i++)
    lines.push(`${String.fromCharCode(65 + Math.floor(i / COLUMNS))}${(i % COLUMNS) + 1},${tube(kind, first + i)}`);
  return lines.join('\n');
}

/**
 * Chooses the file on the open box's rack input, as the file dialog does, and times in the page (its
 * clock, no trip to the bench in between) until the last-scan line says what became of it.
 */
const IMPORT = (text: string) => `(async () => {
  const input = ${testId('rack-file')};
  const line = ${testId('last-scan')};
  const seq = Number(line.getAttribute('data-seq'));
  const files = new DataTransfer();
  files.items.add(new File([${JSON.stringify(text)}], 'rack.csv', { type: 'text/csv' }));
  let savingAt = null;
  let answered = false;
  const t0 = performance.now();
  return await new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      const progress = ${testId('rack-progress')};
      if (savingAt === null && progress?.textContent.includes('Saving')) savingAt = performance.now();
      // Tubes the labsheet lacks are asked about before anything is saved: answered at once, as a user
      // who expects new tubes does, so the figure is the import's own work.
      const use = ${testId('rack-unknown-use')};
      if (use && !answered) {
        answered = true;
        use.click();
        return;
      }
      if (Number(line.getAttribute('data-seq')) === seq) return;
      // The line saying the question, not yet what became of the file.
      if (line.textContent.includes('Nothing from the file is saved yet')) return;
      seen.disconnect();
      const t = performance.now();
      resolve({ totalMs: t - t0, savingMs: savingAt === null ? -1 : t - savingAt, said: line.textContent });
    });
    seen.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
})()`;

interface Timed {
  totalMs: number;
  savingMs: number;
  said: string;
  /** Known tubes: from the file chosen to the last of its moves sent (the sync's work after the commit). */
  sentMs?: number;
}

export interface RackImportFigures {
  knownMs: number;
  knownSavingMs: number;
  knownSentMs: number;
  unknownMs: number;
  unknownSavingMs: number;
}

/**
 * One app, its Assign location screen open, and the imports of `kinds` in turn, each into a rack of its
 * own; answers their timings. Known tubes' moves are sent before the next import (it starts on a quiet
 * app, as a user's next rack would find it). Unknown tubes' moves are refused by the service one by one
 * (it has no row for them) for minutes, so an unknown import is a session's last.
 */
async function session(kinds: readonly Kind[]): Promise<Timed[]> {
  const { app, inject, host, close } = await startBenchApp('rack', rackFixture(kinds.length, KNOWN_ROWS));
  const page = await openQuietPage(host.url, { width: 1600, height: 1000 });
  const counts = async () => {
    const r = await app.router.handle({ channel: 'outbox.counts', payload: {} }, { transport: 'test' });
    if (!r.ok) throw new Error(`outbox.counts: ${r.error.message}`);
    return r.value as { pending: number; sending: number };
  };
  try {
    await page.waitFor(testId('scan-field'));
    await page.waitFor(`document.querySelector('[data-testid="connection-status"] .dot.good')`);
    await page.evaluate(
      `[...document.querySelectorAll('nav[aria-label="Workflows"] button')].find((b) => b.textContent.trim().startsWith('Assign location')).click()`,
    );
    await page.waitFor(testId('id-type'));
    const out: Timed[] = [];
    for (const [i, kind] of kinds.entries()) {
      const rack = i + 1;
      await inject(rackBarcode(rack));
      await page.waitFor(
        `${testId('location-info')}?.textContent.includes('${rackHrid(rack)}') && ${testId('next-position')}?.textContent.includes('A1') && ${testId('rack-file')}`,
      );
      const chosen = Date.now();
      const timed = await page.evaluate<Timed>(IMPORT(rackFile(kind, i * TUBES)));
      if (!timed.said.includes(`${TUBES} tubes saved from the rack file`))
        throw new Error(`rack ${rack} (${kind}): the screen said "${timed.said}"`);
      if (timed.savingMs < 0) throw new Error(`rack ${rack} (${kind}): "Saving" was never shown`);
      out.push(timed);
      if (kind === 'unknown') continue;
      const until = Date.now() + 60_000;
      for (let c = await counts(); c.pending + c.sending > 0; c = await counts()) {
        if (Date.now() > until) throw new Error(`rack ${rack}: its moves were not sent within a minute`);
        await new Promise((r) => setTimeout(r, 20));
      }
      timed.sentMs = Date.now() - chosen;
    }
    return out;
  } finally {
    await page.close();
    await close();
  }
}

export async function benchRackImport(): Promise<RackImportFigures> {
  const known: Timed[] = [];
  const unknown: Timed[] = [];
  // Every import after an untimed one of known tubes (JIT, the labsheet's index, the first commit).
  const [, ...first] = await session(['known', ...Array<Kind>(RUNS).fill('known'), 'unknown']);
  known.push(...first.slice(0, RUNS));
  unknown.push(first[RUNS]!);
  for (let run = 1; run < RUNS; run++) unknown.push((await session(['known', 'unknown']))[1]!);
  const median = (of: Timed[], key: 'totalMs' | 'savingMs' | 'sentMs') => {
    const ms = of.map((t) => t[key] ?? NaN);
    return round(percentile(ms, 50), 0);
  };
  return {
    knownMs: median(known, 'totalMs'),
    knownSavingMs: median(known, 'savingMs'),
    knownSentMs: median(known, 'sentMs'),
    unknownMs: median(unknown, 'totalMs'),
    unknownSavingMs: median(unknown, 'savingMs'),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchRackImport();
  process.stdout.write(
    `rack file 26 × 48 → saved (median of ${RUNS}): known tubes ${r.knownMs} ms (Saving ${r.knownSavingMs} ms, ` +
      `every move sent at ${r.knownSentMs} ms), ` +
      `unknown tubes ${r.unknownMs} ms (Saving ${r.unknownSavingMs} ms)\n`,
  );
}
