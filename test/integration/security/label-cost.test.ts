import { expect, it } from 'vitest';
import { MAX_PDF_BARCODE_MEGAPIXELS, MAX_PDF_DPI } from '../../../shared/labels/index.js';
import { hostAndPageForSuite } from '../../helpers/browser-host.js';

/**
 * One labels.exportPdf message must not stall main: 2D barcodes are drawn one pixel per printer dot,
 * so a large QR template at a high dpi used to keep the event loop busy for seconds per label
 * (security review: 2400 dpi, hours for 1,000 records). Jobs have a cost cap, and main answers
 * other messages between labels.
 */
const suite = hostAndPageForSuite();

const template = {
  id: 'big-qr',
  name: 'Big QR',
  displayUnit: 'mm',
  symbology: 'qrcode',
  barcodeField: '{id}',
  lines: [],
  fontSizePt: 6,
  marginMm: 0,
  layout: 'barcode-top',
  minModuleMm: 0.165,
  nonEncodable: 'refuse',
  widthMm: 60,
  heightMm: 60,
};
const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `S-${String(i).padStart(40, '0')}` }));
const exportPdf = (n: number, printDpi: number) =>
  suite.page.call('labels.exportPdf', { template, records: records(n), layout: { kind: 'per-label' }, printDpi });

/** The longest the event loop went without a turn while `work` ran. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let stallMs = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    return { result: await work(), stallMs };
  } finally {
    clearInterval(tick);
  }
}

it('refuses the reviewer’s 2400 dpi job by contract, saying why, without drawing it', async () => {
  const { result, stallMs } = await longestStall(() => exportPdf(2, 2400));
  expect(result).toMatchObject({ ok: false, error: { code: 'invalid-message' } });
  expect(JSON.stringify(result)).toContain(`up to ${MAX_PDF_DPI} dpi`);
  expect(stallMs).toBeLessThan(500);
});

it('refuses a job over the pixel budget before drawing any of it', async () => {
  // 1,000 labels with a 30 mm QR code at 600 dpi: about 490 megapixels, minutes of drawing.
  const started = performance.now();
  const r = await exportPdf(1000, 600);
  expect(r).toMatchObject({ ok: false, error: { code: 'failed' } });
  expect(JSON.stringify(r)).toContain(`more than the ${MAX_PDF_BARCODE_MEGAPIXELS} one PDF may take`);
  // Laying out 1,000 labels is cheap next to drawing them (seconds per label here, before the cap).
  expect(performance.now() - started).toBeLessThan(20_000);
}, 60_000);

it('answers other messages while a large (allowed) job is drawn', async () => {
  const job = exportPdf(4, 600);
  // Sent after the job: it is answered between labels, not after the whole PDF. (Drawing already gave
  // main turns through its async steps before the review; labelsToPdf now also yields after each label.)
  const other = suite.page.call('app.info', {});
  const order: string[] = [];
  await Promise.all([job.then(() => order.push('job')), other.then(() => order.push('app.info'))]);
  expect(order).toEqual(['app.info', 'job']);
  expect(await job).toMatchObject({ ok: true, value: { pages: 4 } });
}, 60_000);
