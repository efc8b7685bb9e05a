import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplates } from '../../../shared/labels/index.js';
import { startTestHost, type HostSocket, type TestHost } from '../../helpers/browser-host.js';

let host: TestHost;
let page: HostSocket;
let printer: Server;
let port: number;
let connections = 0;
const received: Buffer[] = [];
const job = { template: defaultTemplates()[0]!, records: [{ id: 'TB000001' }] };

beforeAll(async () => {
  printer = createServer((socket) => {
    connections += 1;
    socket.on('data', (d: Buffer) => received.push(d)).on('end', () => socket.end());
  });
  await new Promise<void>((r) => printer.listen(0, '127.0.0.1', () => r()));
  port = (printer.address() as AddressInfo).port;
  host = await startTestHost();
  page = await host.connect();
});
afterAll(async () => {
  await host?.close();
  printer?.close();
});

describe('printers come from Settings only (through the browser host)', () => {
  it('the page cannot name a host:port; an unconfigured id is refused before any connection', async () => {
    for (const payload of [
      { ...job, printer: { host: '127.0.0.1', port } },
      { ...job, printerId: 'bench', host: '127.0.0.1', port },
    ])
      expect(await page.call('labels.sendToPrinter', payload)).toMatchObject({
        ok: false,
        error: { code: 'invalid-message' },
      });
    expect(await page.call('labels.sendToPrinter', { ...job, printerId: `127.0.0.1:${port}` })).toMatchObject({
      ok: false,
      error: { code: 'failed', message: expect.stringMatching(/is set up: add it in Settings/) },
    });
    expect(connections).toBe(0);
  });

  it('Settings refuses a printer address that is a URL or a command', async () => {
    for (const bad of ['http://evil.example/', 'x; rm -rf /', ''])
      expect(
        (await page.call('settings.set', { printers: { add: { name: 'P', host: bad, port, dpi: 300 } } })).ok,
        bad,
      ).toBe(false);
    // The page cannot give a whole list (nor choose an id): one printer is added or removed at a time.
    const p = { id: 'p', name: 'P', host: '127.0.0.1', port, dpi: 300 };
    expect((await page.call('settings.set', { printers: [p] })).ok).toBe(false);
    expect((await page.call('settings.set', { printers: { add: p } })).ok).toBe(false);
  });

  it('a printer saved in Settings receives the job by its id', async () => {
    await page.value('settings.set', {
      printers: { add: { name: 'Bench 3', host: '127.0.0.1', port, dpi: 300 } },
    });
    const r = await page.value<{ labels: number; bytes: number }>('labels.sendToPrinter', {
      ...job,
      printerId: 'bench-3',
    });
    expect(r.labels).toBe(1);
    expect(Buffer.concat(received).toString('utf8')).toContain('TB000001');
    expect(connections).toBe(1);
  });
});
