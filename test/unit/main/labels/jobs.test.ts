import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { exportPdf, exportZpl, sendToPrinter } from '../../../../main/labels/index.js';
import { startFakeZebra, statusAnswer, type FakeZebra } from '../../../helpers/fake-zebra.js';
import { defaultTemplates, pdfJob, printerTarget, printJob, zplJob } from '../../../../shared/labels/index.js';

const template = defaultTemplates().find((t) => t.id === 'plate-side-code128')!;
const servers: Server[] = [];
const stopAfter: FakeZebra[] = [];
afterEach(async () => {
  await Promise.all(stopAfter.splice(0).map((z) => z.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

describe('IPC jobs (payloads parsed as main would, then run)', () => {
  it('labels.exportPdf: a parsed payload gives a PDF', async () => {
    const job = pdfJob.parse({
      template,
      records: [{ id: 'P-1', volume: 50 }],
      layout: { kind: 'sheet', sheet: { paper: 'Letter' } },
    });
    const { pdf, pages } = await exportPdf(job);
    expect(pages).toBe(1);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('labels.exportZpl: defaults to 203 dpi', async () => {
    expect((await exportZpl(zplJob.parse({ template, records: [{ id: 'P-1' }] }))).zpl).toContain('^PW406');
  });

  it('refuses payloads that are not label jobs', () => {
    expect(zplJob.safeParse({ template, records: [] }).success).toBe(false);
    expect(zplJob.safeParse({ template: { ...template, symbology: 'pdf417' }, records: [{ id: '1' }] }).success).toBe(
      false,
    );
    expect(zplJob.safeParse({ template, records: [{ id: '1' }], dpi: 150 }).success).toBe(false);
    for (const host of ['http://printer', 'printer; rm -rf /', '', 'a b'])
      expect(printerTarget.safeParse({ host }).success, host).toBe(false);
    expect(printerTarget.parse({ host: '10.0.0.7' })).toEqual({
      host: '10.0.0.7',
      port: 9100,
      dpi: 203,
      timeoutMs: 10_000,
    });
  });

  it('a printer address is a host name, an IPv4 or a bare IPv6 address; "address:port" says where the port goes', () => {
    const problem = (host: string) => {
      const r = printerTarget.safeParse({ host });
      return r.success ? null : r.error.issues[0]!.message;
    };
    for (const good of [
      'zebra-bench-3',
      'zebra_bench_3',
      'printer.lab.example',
      'printer.lab.',
      '10.0.0.7',
      'fe80::1',
      '::1',
    ])
      expect(problem(good), good).toBeNull();
    for (const withPort of ['10.0.0.7:9100', '127.0.0.1:9100', 'zebra-bench-3:9100', '[fe80::1]:9100'])
      expect(problem(withPort), withPort).toMatch(/port in the Port field/);
    expect(problem('[fe80::1]')).toMatch(/without the \[ \] brackets/);
    for (const bad of ['http:', 'http://printer', '-', '.', '..', 'zebra-', '-zebra', '10.0.0.256', '10.0.7', 'a..b'])
      expect(problem(bad), bad).toMatch(/host name .* IPv4 address .* IPv6 address/);
  });

  it("labels.sendToPrinter: ZPL for the printer's dpi arrives complete at its port", async () => {
    let received: Promise<Buffer> = Promise.resolve(Buffer.alloc(0));
    const server = createServer((socket) => {
      const chunks: Buffer[] = [];
      received = new Promise((r) => socket.on('end', () => r(Buffer.concat(chunks))));
      socket.on('data', (c) => chunks.push(c));
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    const job = printJob.parse({
      template,
      records: [{ id: 'P-1' }, { id: 'P-2' }],
      printer: { host: '127.0.0.1', port, dpi: 300 },
    });
    const result = await sendToPrinter(job);
    const bytes = await received;
    const { zpl } = await exportZpl(zplJob.parse({ template, records: job.records, dpi: 300 }));
    // The job, then the status query whose answer confirms it on printers that stay connected.
    expect(bytes.toString('utf8')).toBe(`${zpl}~HS`);
    expect(result).toEqual({ labels: 2, bytes: Buffer.byteLength(zpl), notes: [] });
  });

  it('labels.sendToPrinter: a Zebra that stays connected confirms by its status, and its notes come back', async () => {
    const printer = await startFakeZebra({ answer: statusAnswer({ labelWaiting: true }) });
    stopAfter.push(printer);
    const job = printJob.parse({
      template,
      records: [{ id: 'P-1' }],
      printer: { host: '127.0.0.1', port: printer.port },
    });
    const started = Date.now();
    const result = await sendToPrinter(job);
    expect(Date.now() - started).toBeLessThan(5000); // not the 10 s timeout
    expect(result.notes).toContain(
      `The printer at 127.0.0.1:${printer.port} waits for each printed label to be taken off before it prints the next.`,
    );
  });
});
