import { createServer, type AddressInfo, type Server } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultTemplates } from '../../../../shared/labels/index.js';
import type { ConfiguredPrinter } from '../../../../shared/ipc/settings.js';
import { startFakeZebra, statusAnswer, type FakeZebra } from '../../../helpers/fake-zebra.js';
import { labelsRig, type LabelsRig } from './router.js';

const plateSide = defaultTemplates().find((t) => t.id === 'plate-side-code128')!;
const tubeMatrix = defaultTemplates().find((t) => t.id === 'cryotube-datamatrix')!;
const wells = ['A1', 'A2', 'A3'].map((position, i) => ({
  id: `S-000${i + 1}`,
  position,
  hrid: 'PL-0001',
  name: `tube ${position}`,
}));

let rig: LabelsRig;
const servers: Server[] = [];
const zebras: FakeZebra[] = [];
/** What Settings holds in these tests; each test sets the printers it needs. */
const printers: ConfiguredPrinter[] = [];
beforeEach(async () => {
  printers.length = 0;
  rig = await labelsRig(printers);
});
afterEach(async () => {
  await Promise.all(zebras.splice(0).map((z) => z.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
  await rig.close();
});

interface PdfAnswer {
  pdfBase64: string;
  bytes: number;
  pages: number;
  notes: string[];
}

describe('labels.exportPdf', () => {
  it('answers a real PDF, base64, one page per label', async () => {
    const r = await rig.value<PdfAnswer>('labels.exportPdf', {
      template: tubeMatrix,
      records: wells,
      layout: { kind: 'per-label' },
    });
    const pdf = Buffer.from(r.pdfBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.byteLength).toBe(r.bytes);
    expect(r.pages).toBe(3);
    // Read back with a PDF parser: the page count is the file's, not only what the handler claims.
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
  });

  it('puts labels on sheets when asked', async () => {
    const records = Array.from({ length: 40 }, (_, i) => ({ id: `P-${i}` }));
    const r = await rig.value<PdfAnswer>('labels.exportPdf', {
      template: plateSide,
      records,
      layout: { kind: 'sheet', sheet: { paper: 'A4' } },
    });
    expect(r.pages).toBe(2); // 3 × 11 = 33 two-by-one-inch labels fit on A4 with the default margins
  });

  it('skips the used labels of the first sheet, and refuses more used labels than a sheet has', async () => {
    const records = Array.from({ length: 3 }, (_, i) => ({ id: `P-${i}` }));
    const sheet = (skip: number) => ({
      template: plateSide,
      records,
      layout: { kind: 'sheet', sheet: { paper: 'A4', skip } },
    });
    // 31 of 33 used: the third label goes on a second sheet.
    expect((await rig.value<PdfAnswer>('labels.exportPdf', sheet(31))).pages).toBe(2);
    // 70 on a sheet of 33 was wrapped to slot 4, printing over labels the user meant to keep.
    const r = await rig.call('labels.exportPdf', sheet(70));
    expect(r).toMatchObject({
      ok: false,
      error: {
        message: '70 used labels to skip, but a sheet of these has 33: give how many of this sheet are used (0 to 32).',
      },
    });
  });

  it('refuses a non-ASCII ID for Code 128 with the reason and the way out, not a mangled barcode', async () => {
    const r = await rig.call('labels.exportPdf', {
      template: plateSide,
      records: [{ id: 'Probe-Müller' }],
      layout: { kind: 'per-label' },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('failed');
    expect(r.error.message).toContain('"ü" (U+00FC) in "Probe-Müller" cannot be encoded');
    expect(r.error.message).toContain('Allow transliteration (ü → ue)');
  });

  it('lists every refused label at once', async () => {
    const r = await rig.call('labels.exportPdf', {
      template: plateSide,
      records: [{ id: 'Ä-1' }, { id: 'ok' }, { id: 'Ö-2' }],
      layout: { kind: 'per-label' },
    });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'failed', message: /^2 labels cannot be made:\n- Label 1 .*\n- Label 3 /s },
    });
  });

  it('transliterates when the template allows it, and says so in the notes', async () => {
    const r = await rig.value<PdfAnswer>('labels.exportPdf', {
      template: { ...plateSide, nonEncodable: 'transliterate' },
      records: [{ id: 'Müller' }],
      layout: { kind: 'per-label' },
    });
    expect(r.notes.join('\n')).toContain('the barcode reads "Mueller"');
  });
});

describe('labels.exportZpl', () => {
  it('answers one ^XA…^XZ per label at the chosen dpi', async () => {
    const r = await rig.value<{ zpl: string; labels: number }>('labels.exportZpl', {
      template: plateSide,
      records: wells,
      dpi: 300,
    });
    expect(r.labels).toBe(3);
    expect(r.zpl.match(/\^XA/g)).toHaveLength(3);
    expect(r.zpl.match(/\^XZ/g)).toHaveLength(3);
    expect(r.zpl).toContain('^PW600'); // 2 in at 300 dpi
    for (const w of wells) expect(r.zpl).toContain(w.id);
  });
});

describe('labels.sendToPrinter', () => {
  it('sends only to a printer set up in Settings; the page cannot name a host or port', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const job = { template: plateSide, records: wells };
    expect(await rig.call('labels.sendToPrinter', { ...job, printer: { host: '127.0.0.1', port } })).toMatchObject({
      ok: false,
      error: { code: 'invalid-message' },
    });
    expect(
      await rig.call('labels.sendToPrinter', { ...job, printerId: 'bench-3', host: '127.0.0.1', port }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-message' } });
    expect(await rig.call('labels.sendToPrinter', { ...job, printerId: `127.0.0.1:${port}` })).toMatchObject({
      ok: false,
      error: {
        code: 'failed',
        message: `No printer "127.0.0.1:${port}" is set up: add it in Settings → Label printers.`,
      },
    });
    expect(connections).toBe(0);
  });

  it('delivers the whole job to a raw port on loopback', async () => {
    const received: Buffer[] = [];
    const server = createServer((socket) =>
      socket.on('data', (d: Buffer) => received.push(d)).on('end', () => socket.end()),
    );
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;

    printers.push({ id: 'bench-3', name: 'Bench 3 Zebra', host: '127.0.0.1', port, dpi: 300 });
    const r = await rig.value<{ labels: number; bytes: number }>('labels.sendToPrinter', {
      template: plateSide,
      records: wells,
      printerId: 'bench-3',
    });
    const zpl = Buffer.concat(received).toString('utf8');
    expect(r.labels).toBe(3);
    // The job, then the status query that confirms it on printers that stay connected.
    expect(zpl).toMatch(/\^XZ\s*~HS$/);
    expect(r.bytes).toBe(Buffer.byteLength(zpl) - '~HS'.length);
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
  });

  it('a printer that holds the job out of paper: the reason and what to do, as a failure', async () => {
    const printer = await startFakeZebra({ answer: statusAnswer({ paperOut: true }) });
    zebras.push(printer);
    printers.push({ id: 'bench-3', name: 'Bench 3 Zebra', host: '127.0.0.1', port: printer.port, dpi: 300 });
    const r = await rig.call('labels.sendToPrinter', { template: plateSide, records: wells, printerId: 'bench-3' });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'failed',
        message:
          `The printer at 127.0.0.1:${printer.port} received the job but cannot print it: it is out of paper. Load ` +
          'labels; it should then print the labels it holds. Check which labels came out before sending any again, ' +
          'so none is printed twice.',
      },
    });
  });

  it('a printer that is not listening is a clear failure, not an internal error', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    printers.push({ id: 'gone', name: 'Gone', host: '127.0.0.1', port, dpi: 300 });
    const r = await rig.call('labels.sendToPrinter', { template: plateSide, records: wells, printerId: 'gone' });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'failed',
        message: `The printer at 127.0.0.1:${port} refused the connection: check that it is on and accepts raw printing on that port.`,
      },
    });
  });
});
