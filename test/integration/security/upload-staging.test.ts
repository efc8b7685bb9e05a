import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STAGING_LIMITS } from '../../../main/staging/index.js';
import { startTestHost, type HostSocket, type TestHost } from '../../helpers/browser-host.js';

/** Open descriptors of this process: the host runs in it, so its leaks show here. */
const fds = () => readdirSync('/proc/self/fd').length;

async function until(check: () => boolean, what: string, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let host: TestHost;
const stagingDir = () => join(host.dataDir, 'staging');
const partials = () =>
  existsSync(stagingDir()) ? readdirSync(stagingDir()).filter((n) => n.endsWith('.partial')) : [];
const begin = (s: HostSocket, name = 'rack.csv', size = 1024) => s.call('upload.stageBegin', { name, size });
const errorOf = (r: Awaited<ReturnType<HostSocket['call']>>) => (r.ok ? 'ok' : r.error.message);

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => {
  await host?.close();
});

describe('upload staging through the browser host cannot exhaust main', () => {
  const { perOwner, total } = DEFAULT_STAGING_LIMITS;

  it('caps unfinished stagings per socket; closing the socket closes their files and removes them', async () => {
    const page = await host.connect();
    const before = fds();
    const answers = [];
    // A flood from one tab: only the cap's worth ever holds a descriptor.
    for (let i = 0; i < 200; i += 1) answers.push(await begin(page));
    expect(answers.filter((r) => r.ok)).toHaveLength(perOwner);
    expect(errorOf(answers[perOwner]!)).toMatch(
      new RegExp(`${perOwner} files are already being staged from this window`),
    );
    expect(fds() - before).toBeLessThanOrEqual(perOwner);
    expect(partials()).toHaveLength(perOwner);
    const first = answers[0]!;
    if (first.ok) {
      const { stagingId } = first.value as { stagingId: string };
      await page.value('upload.stageChunk', { stagingId, offset: 0, base64: Buffer.alloc(512).toString('base64') });
    }

    await page.close();
    await until(() => partials().length === 0, '.partial files to go');
    await until(() => fds() <= before, 'descriptors to close');
  });

  it('caps unfinished stagings across sockets, then frees them all when the sockets close', async () => {
    const pages = await Promise.all(Array.from({ length: Math.ceil(total / perOwner) + 1 }, () => host.connect()));
    const before = fds();
    const results = [];
    for (const p of pages) for (let i = 0; i < perOwner; i += 1) results.push(await begin(p));
    expect(results.filter((r) => r.ok)).toHaveLength(total);
    expect(errorOf(results[total]!)).toMatch(new RegExp(`${total} files are already being staged`));
    expect(fds() - before).toBeLessThanOrEqual(total);
    for (const p of pages) await p.close();
    await until(() => partials().length === 0, '.partial files to go');
    await until(() => fds() <= before - pages.length, 'descriptors to close');
  });

  it('a chunk out of order ends its staging at once: the slot and the .partial file are freed', async () => {
    const page = await host.connect();
    const { stagingId } = await page.value<{ stagingId: string }>('upload.stageBegin', { name: 'a.csv', size: 100 });
    expect(partials()).toHaveLength(1);
    const r = await page.call('upload.stageChunk', { stagingId, offset: 10, base64: 'AAAA' });
    expect(errorOf(r)).toBe('Staging failed: chunk at 10, expected 0');
    expect(partials()).toHaveLength(0);
    expect(errorOf(await page.call('upload.stageFinish', { stagingId }))).toBe('Staging failed: unknown upload');
    await page.close();
  });

  it('a staging the page gives up on (its file could not be read) is freed at once: slot, descriptor, .partial', async () => {
    const page = await host.connect();
    const before = fds();
    const ids = [];
    for (let i = 0; i < perOwner; i += 1)
      ids.push(
        (await page.value<{ stagingId: string }>('upload.stageBegin', { name: `e${i}.csv`, size: 10 })).stagingId,
      );
    expect(partials()).toHaveLength(perOwner);
    for (const stagingId of ids) expect((await page.call('upload.stageAbort', { stagingId })).ok).toBe(true);
    expect(partials()).toHaveLength(0);
    expect(fds()).toBeLessThanOrEqual(before);
    // An id main no longer knows is answered all the same: the page's give-up cannot fail.
    expect((await page.call('upload.stageAbort', { stagingId: ids[0]! })).ok).toBe(true);
    const next = await page.value<{ stagingId: string }>('upload.stageBegin', { name: 'next.csv', size: 10 });
    // Given up too, so no .partial outlives this test (a close aborts it only after the socket goes).
    expect((await page.call('upload.stageAbort', { stagingId: next.stagingId })).ok).toBe(true);
    await page.close();
  });

  it('refuses a file over the size limit, naming it and the limit', async () => {
    const page = await host.connect();
    const r = await begin(page, 'huge.csv', 3 * 1024 ** 3);
    expect(errorOf(r)).toBe('Staging failed: huge.csv is 3.0 GB; files up to 2.0 GB can be uploaded.');
    expect(partials()).toHaveLength(0);
    await page.close();
  });

  it('a finished copy is queued once; a second enqueue of it is refused', async () => {
    const page = await host.connect();
    const bytes = Buffer.from('position,barcode\nA1,TB000001\n');
    const { stagingId } = await page.value<{ stagingId: string }>('upload.stageBegin', {
      name: 'rack.csv',
      size: bytes.length,
    });
    await page.value('upload.stageChunk', { stagingId, offset: 0, base64: bytes.toString('base64') });
    const { stagedId } = await page.value<{ stagedId: string }>('upload.stageFinish', { stagingId });
    expect((await page.call('upload.enqueue', { stagedId })).ok).toBe(true);
    const again = await page.call('upload.enqueue', { stagedId });
    expect(errorOf(again)).toMatch(/no longer waiting to be queued/);
    // Its own code, so the page tells a spent ticket (add the file again) from a failed write (queue again).
    expect(again.ok ? null : again.error.code).toBe('expired');
    await page.close();
  });
});

describe('a stalled staging', () => {
  it('is abandoned after the idle limit; one that keeps sending is not', async () => {
    const idleMs = 500;
    const other = await startTestHost({ stagingLimits: { ...DEFAULT_STAGING_LIMITS, idleMs } });
    const dir = join(other.dataDir, 'staging');
    const open = () => readdirSync(dir).filter((n) => n.endsWith('.partial')).length;
    try {
      const page = await other.connect();
      const stalled = await page.value<{ stagingId: string }>('upload.stageBegin', { name: 'a.csv', size: 10 });
      const busy = await page.value<{ stagingId: string }>('upload.stageBegin', { name: 'b.csv', size: 30 });
      // The busy one sends a byte every 50 ms for well past the idle limit.
      for (let offset = 0; offset < 30; offset += 2) {
        await page.value('upload.stageChunk', {
          stagingId: busy.stagingId,
          offset,
          base64: Buffer.from('ab').toString('base64'),
        });
        await new Promise((r) => setTimeout(r, 50));
      }
      await until(() => open() === 1, 'the stalled staging to be abandoned');
      expect(
        errorOf(await page.call('upload.stageChunk', { stagingId: stalled.stagingId, offset: 0, base64: 'AA==' })),
      ).toBe('Staging failed: unknown upload');
      expect((await page.call('upload.stageFinish', { stagingId: busy.stagingId })).ok).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('staging at start and when the disk refuses', () => {
  it('at start, sweeps .partial files and copies no open upload needs, and keeps the queued one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-sweep-'));
    const first = await startTestHost({ dataDir });
    let queuedCopy: string | undefined;
    try {
      const page = await first.connect();
      // Nowhere to send it: the upload stays pending across the restart.
      const nowhere = 'http://127.0.0.1:1';
      await page.value('settings.set', {
        connection: { kind: 'custom', baseUrl: nowhere, filesUrl: nowhere, eventsUrl: nowhere, mode: 'v2' },
      });
      const bytes = Buffer.from('position,barcode\nA1,TB000001\n');
      const { stagingId } = await page.value<{ stagingId: string }>('upload.stageBegin', {
        name: 'rack.csv',
        size: bytes.length,
      });
      await page.value('upload.stageChunk', { stagingId, offset: 0, base64: bytes.toString('base64') });
      const { stagedId } = await page.value<{ stagedId: string }>('upload.stageFinish', { stagingId });
      await page.value('upload.enqueue', { stagedId });
      [queuedCopy] = readdirSync(join(dataDir, 'staging'));
    } finally {
      await first.close();
    }
    for (let i = 0; i < 5; i += 1) writeFileSync(join(dataDir, 'staging', `old-${i}-rack.csv.partial`), 'half');
    writeFileSync(join(dataDir, 'staging', 'never-queued-rack.csv'), 'whole');
    const second = await startTestHost({ dataDir });
    try {
      expect(queuedCopy).toMatch(/-rack\.csv$/);
      expect(readdirSync(join(dataDir, 'staging'))).toEqual([queuedCopy]);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reports the open error at stageBegin instead of swallowing it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'benchlink-nodir-'));
    writeFileSync(join(dataDir, 'staging'), 'a file where the staging folder should be');
    const other = await startTestHost({ dataDir });
    try {
      const page = await other.connect();
      const r = await begin(page);
      expect(r.ok).toBe(false);
      expect(errorOf(r)).toMatch(/^Staging failed: The staging copy of rack\.csv/);
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
