/**
 * The app as the scan benches run it: main in this process on the demo lab (plus 400 known tubes),
 * its sandbox on its own thread, and the browser host. One start-up for `renderer.ts` (the figures)
 * and `scan-hops.ts` (the probe), so the probe looks at the same thing the figures measure.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../main/app.js';
import { startHost } from '../main/host/server.js';
import { demoFixture } from '../main/sandbox/demo-data.js';
import { startSandboxInWorker } from '../main/sandbox/worker/start-in-worker.js';
import type { SandboxFixture } from '../main/sandbox/fixture.js';
import type { QuietPage } from './quiet-page.js';

const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };

/** The demo lab plus enough samples to fill a 384-well plate with known, distinct tubes (TB00n = S-n). */
export function benchFixture(): SandboxFixture {
  const f = demoFixture();
  const samples = f.labsheets?.find((l) => l.name === 'Samples');
  for (let n = 1001; n <= 1400; n++)
    samples?.rows?.push({ 'Sample ID': `S-${n}`, 'Tube Barcode': `TB00${n}`, 'Volume uL': 50, Status: 'received' });
  return f;
}

/** `fixture`: the lab the sandbox starts with (benchFixture unless a bench needs more of it). */
export async function startBenchApp(name: string, fixture: SandboxFixture = benchFixture()) {
  const dataDir = mkdtempSync(join(tmpdir(), `benchlink-${name}-`));
  const serviceDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `benchlink-${name}-service-`));
  const app = await createApp({
    dataDir,
    info: { version: 'bench', shell: 'browser-host', platform: process.platform, nativeDialogs: false },
    log: quiet,
    // On its own thread, as the app runs it (and as a real service is: not on main's thread), with its
    // database in memory-backed /dev/shm where there is one: a real service's disk is not the bench
    // PC's, and on this VM its fsyncs shared the ext4 journal with the outbox's and stalled them.
    startSandbox: (o) => startSandboxInWorker({ ...o, dbPath: join(serviceDir, 'sandbox.db'), fixture }),
  });
  const host = await startHost({
    router: app.router,
    events: app.events,
    distDir: join(process.cwd(), 'dist'),
    log: quiet,
    port: 0,
  });
  return {
    app,
    host,
    /** A decoded read, injected where main's scanner path emits it to the page. */
    inject: (text: string) => app.router.handle({ channel: 'scanner.test', payload: { text } }, { transport: 'test' }),
    async close() {
      await host.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(serviceDir, { recursive: true, force: true });
    },
  };
}

export const testId = (id: string) => `document.querySelector('[data-testid="${id}"]')`;

/**
 * Until the page is connected and plate PLT000002 (384 wells) is drawn, ready for its first tube. The
 * page draws before its socket has finished the host's handshake, and a read main emits before then
 * reaches no page: the header's dot turns good once main has answered with the connection.
 */
export async function openBenchPlate(page: QuietPage, inject: (text: string) => Promise<unknown>): Promise<void> {
  await page.waitFor(testId('scan-field'));
  await page.waitFor(`document.querySelector('[data-testid="connection-status"] .dot.good')`);
  await inject('PLT000002');
  await page.waitFor(testId('well-P24'));
  await page.waitFor(`${testId('next-well')}?.textContent.includes('A1')`);
}

/** Tubes TB00`from`…TB00`to`, one every `intervalMs` (a read that takes longer delays the next). */
export async function paced(
  from: number,
  to: number,
  intervalMs: number,
  read: (text: string) => Promise<unknown>,
): Promise<void> {
  for (let n = from; n <= to; n++) {
    const due = Date.now() + intervalMs;
    await read(`TB00${n}`);
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

/**
 * Calls `seen` with each event main emits, as it emits it, without becoming a page: a sink added to the
 * hub would be one more page, and a scanner read goes to one page only (EventHub.emitToReader), so the
 * benches' clock on main's side would take the reads the page should draw. Wraps the hub's emits;
 * returns the unwrapping.
 */
export function watchEmits(
  app: Awaited<ReturnType<typeof createApp>>,
  seen: (event: string, payload: unknown) => void,
): () => void {
  const hub = app.events;
  const { emit, emitToReader, emitToPage } = hub;
  hub.emit = (event, payload) => (seen(event, payload), emit.call(hub, event, payload));
  hub.emitToReader = (event, payload) => (seen(event, payload), emitToReader.call(hub, event, payload));
  hub.emitToPage = (page, event, payload) => (seen(event, payload), emitToPage.call(hub, page, event, payload));
  return () => Object.assign(hub, { emit, emitToReader, emitToPage });
}
