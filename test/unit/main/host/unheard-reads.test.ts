import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createScannerBridge } from '../../../../main/ipc/bridges/scanner-bridge.js';
import { createEventHub } from '../../../../main/ipc/events.js';
import { startHost, type RunningHost } from '../../../../main/host/server.js';
import { createScannerService } from '../../../../main/scanner/service.js';
import { createWsApi } from '../../../../renderer/lib/ipc/ws-client.js';
import type { ScannerScan } from '../../../../shared/ipc/channels/scanner.js';
import { freePort } from '../../../helpers/free-port.js';
import { spyRouter } from '../ipc/spy-router.js';
import { FakeLayer, FakeTime, POS_SCANNER } from '../scanner/fakes.js';
import { posReports } from '../scanner/reports.js';

/**
 * A HID read made while the page is away (reloading, or reconnecting after the host's socket went)
 * reaches the page when it is back: the real host, the real WebSocket transport and the renderer's
 * own client, with only the scanner hardware faked. Node 20 has no global WebSocket, so the test
 * provides the `ws` one with the Origin a browser would send.
 */
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  vi.unstubAllGlobals();
});

async function setup() {
  const dist = mkdtempSync(join(tmpdir(), 'benchlink-unheard-'));
  writeFileSync(join(dist, 'index.html'), '<html></html>');
  const events = createEventHub(quiet);
  const layer = new FakeLayer();
  const time = new FakeTime();
  layer.list = [POS_SCANNER];
  const service = createScannerService({ layer, clock: time, timers: time, platform: 'linux' });
  const bridge = createScannerBridge({ service, events, dataDir: dist, log: quiet, now: () => Date.now() });
  const port = await freePort();
  const secret = 'a'.repeat(64);
  let host: RunningHost | null = null;
  const up = async () => {
    host = await startHost({ router: spyRouter().router, events, distDir: dist, log: quiet, port, secret });
  };
  const down = async () => {
    await host?.close();
    host = null;
  };
  vi.stubGlobal(
    'WebSocket',
    class extends WebSocket {
      constructor(url: string) {
        super(url, { origin: `http://127.0.0.1:${port}` });
      }
    },
  );
  cleanup.push(
    () => rmSync(dist, { recursive: true, force: true }),
    down,
    () => bridge.close(),
  );
  await up();
  const api = createWsApi(`ws://127.0.0.1:${port}/ipc`, secret);
  const reads: ScannerScan[] = [];
  api.subscribe('scanner.scan', (s) => reads.push(s));
  const scan = (text: string) => posReports(text, ']C0').forEach((r) => layer.handle(POS_SCANNER.path!).send(r));
  return { api, reads, scan, up, down };
}

describe('browser host: reads made while the page is not connected', () => {
  it('a read while the page is connected goes at once; one while it is away arrives when it is back', async () => {
    const { api, reads, scan, up, down } = await setup();
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: true }); // connected
    scan('TB000001');
    await vi.waitFor(() => expect(reads.map((r) => r.text)).toEqual(['TB000001']));
    expect(reads[0]).not.toHaveProperty('heldMs');

    await down(); // the page's socket is gone; it retries on its own
    scan('TB000002');
    scan('TB000003');
    await new Promise((r) => setTimeout(r, 50));
    await up();
    await vi.waitFor(() => expect(reads.map((r) => r.text)).toEqual(['TB000001', 'TB000002', 'TB000003']), {
      timeout: 8_000,
    });
    expect(reads[1]!.heldMs).toBeGreaterThanOrEqual(50);
    expect(reads[2]!.heldMs).toBeGreaterThanOrEqual(50);
    // The handover came after the handshake, so the socket is still usable.
    expect(await api.invoke('app.info', {})).toMatchObject({ ok: true });
  });
});
