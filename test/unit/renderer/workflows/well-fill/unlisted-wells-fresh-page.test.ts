import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLabClient } from '../../../../../main/api/index.js';
import { startSandbox, type SandboxHandle } from '../../../../../main/sandbox/server.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import { benchesPerTest, onPlate, type Benches } from '../../../../helpers/benches-on-main.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';
import { wellFillScreen } from '../../../../helpers/well-fill-on-main.js';

/**
 * Well fill on a service that lists no wells (the sandbox's `spec` answers), on a plate another bench
 * changed while this computer's record of its wells still stands, opened by a page with no memory of
 * it (a new Well fill page, as after a restart). The page's wells are this computer's record, so the
 * screen cannot see what the other bench did: its next change must wait for a look, not go over their
 * tube. On the old code main answered with the new reading's basis, and the fresh page took it.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

/** The tube of demo sample n, as the demo lab names it (TB000011 holds S-0011). */
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;

/** A1 and A2 filled from here and sent; then another bench empties A1 and fills A3 (as many wells used). */
async function changedElsewhereAfterOurFill(): Promise<Benches & { onService(position: string): string | null }> {
  const b = await onPlate(await openBenches('spec'), PLATE);
  await b.scan(tube(1));
  await b.scan(tube(2));
  await b.sync();
  expect([b.onService('A1'), b.onService('A2')]).toEqual(['S-0001', 'S-0002']);
  await b.otherEmpties(PLATE, 'A1');
  await b.otherPuts(PLATE, 'A3', 'S-0099');
  return b;
}

/** A new Well fill page on the same main: nothing of the plate kept in the page. */
async function freshPage(b: Benches) {
  b.stop();
  return wellFillScreen(b.env);
}

const heldKinds = async (b: Benches) =>
  (await b.entries()).filter((e) => e.state === 'failed').map((e) => e.lastError?.kind);

describe('Well fill, wells not listed: a fresh page on a plate another bench changed', () => {
  const opens = {
    'scanned by its barcode': (p: Awaited<ReturnType<typeof freshPage>>) => p.scan(PLATE),
    'picked from the list': async (p: Awaited<ReturnType<typeof freshPage>>, uuid: string) => {
      expect(await p.s.load({ uuid })).toBe(true);
    },
    'named by its hrid': async (p: Awaited<ReturnType<typeof freshPage>>) => {
      expect(await p.s.load({ hrid: 'PL-0003' })).toBe(true);
    },
  };

  it.each(Object.keys(opens) as (keyof typeof opens)[])(
    '%s: the next tube does not replace their tube; it waits for a look',
    async (how) => {
      const b = await changedElsewhereAfterOurFill();
      const uuid = b.s.plate!.uuid;
      const page = await freshPage(b);
      try {
        await opens[how](page, uuid);
        expect(page.s.plate?.hrid).toBe('PL-0003');
        expect(page.s.cursor).toBe('A3'); // the screen cannot know A3 is taken
        await page.scan(tube(3));
        await b.sync();

        expect(b.onService('A3')).toBe('S-0099');
        expect(await heldKinds(b)).toEqual(['plate-changed']);
      } finally {
        page.stop();
      }
    },
  );

  it('opened from the saved copy while the service is away, after main read the change: still held', async () => {
    const b = await changedElsewhereAfterOurFill();
    // Main reads the plate as the other bench left it (another screen, the plate list), then the service goes.
    const read = await b.env.call('cache.manifest', { barcode: PLATE });
    expect(read?.fromCache).toBe(false);
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    const page = await freshPage(b);
    try {
      await page.scan(PLATE);
      expect(page.s.plate?.fromCache).toBe(true);
      expect(page.s.cursor).toBe('A3');
      await page.scan(tube(3));
      b.proxy().setFaults([]);
      await b.sync();

      expect(b.onService('A3')).toBe('S-0099');
      expect(await heldKinds(b)).toEqual(['plate-changed']);
    } finally {
      page.stop();
    }
  });

  it('a plate only this computer changed: the fresh page fills on, nothing held', async () => {
    const b = await onPlate(await openBenches('spec'), PLATE);
    await b.scan(tube(1));
    await b.scan(tube(2));
    await b.sync();
    const page = await freshPage(b);
    try {
      await page.scan(PLATE);
      await page.scan(tube(3));
      await b.sync();
      expect(b.onService('A3')).toBe('S-0003');
      expect(await heldKinds(b)).toEqual([]);
    } finally {
      page.stop();
    }
  });

  it('once the user sent the held change anyway, the next fresh page fills on without a hold', async () => {
    const b = await changedElsewhereAfterOurFill();
    const first = await freshPage(b);
    try {
      await first.scan(PLATE);
      await first.scan(tube(3));
      await b.sync();
      const [held] = (await b.entries()).filter((e) => e.state === 'failed');
      expect(held?.lastError?.kind).toBe('plate-changed');
      // "Send anyway": the user looked, and their change goes over the plate as read at the hold.
      await b.env.call('outbox.retry', { id: held!.id });
      await b.sync();
      expect(b.onService('A3')).toBe('S-0003');
    } finally {
      first.stop();
    }
    const next = await wellFillScreen(b.env);
    try {
      await next.scan(PLATE);
      expect(next.s.cursor).toBe('A4');
      await next.scan(tube(4));
      await b.sync();
      expect(b.onService('A4')).toBe('S-0004');
      expect(await heldKinds(b)).toEqual([]);
    } finally {
      next.stop();
    }
  });
});

describe('Well fill, wells not listed: the plate changed elsewhere while main was closed', () => {
  let dataDir: string | null = null;
  let main: InProcess | null = null;
  afterEach(async () => {
    await main?.close();
    main = null;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = null;
  });

  /** Main on `dir` with its sandbox in the spec profile (kept in `dir` across a restart). */
  async function openMain(dir: string): Promise<{ main: InProcess; sandbox: () => SandboxHandle }> {
    let sandbox: SandboxHandle | null = null;
    const m = await inProcessApi({
      dataDir: dir,
      sandboxAnswers: { profile: 'spec' },
      startSandbox: async (o) => (sandbox = await startSandbox(o)),
    });
    await m.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
    return {
      main: m,
      sandbox: () => {
        if (!sandbox) throw new Error('the sandbox did not start');
        return sandbox;
      },
    };
  }

  it('after a restart, the first tube on it waits for a look instead of replacing their tube', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fresh-page-restart-'));
    const before = await openMain(dataDir);
    main = before.main;
    const page = await wellFillScreen(main);
    await main.call('cache.sampleIndex', { labsheet: page.s.labsheet });
    await page.scan(PLATE);
    await page.scan(tube(1));
    await page.scan(tube(2));
    await main.call('outbox.syncNow', {});
    page.stop();

    const svc = before.sandbox();
    const other = createLabClient({
      connection: { baseUrl: svc.url, filesUrl: svc.url, eventsUrl: svc.url, mode: 'v2' },
      token: async () => svc.demoToken,
    });
    const uuid = svc.store.manifests.find('barcode', PLATE)!.uuid;
    await other.updateManifest({ uuid, plate: { removeFromWells: [{ position: 'A1', fields: ['SAMPLE', 'LABEL'] }] } });
    await other.updateManifest({
      uuid,
      plate: { wells: [{ position: 'A3', sample: { id: 'S-0099', labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }] },
    });
    await main.close();

    const after = await openMain(dataDir);
    main = after.main;
    const again = await wellFillScreen(main);
    try {
      await main.call('cache.sampleIndex', { labsheet: again.s.labsheet });
      await again.scan(PLATE);
      expect(again.s.cursor).toBe('A3');
      await again.scan(tube(3));
      await main.call('outbox.syncNow', {});
    } finally {
      again.stop();
    }
    const held = (await main.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] })).filter(
      (e) => e.state === 'failed',
    );
    expect(held.map((e) => e.lastError?.kind)).toEqual(['plate-changed']);
    const a3 = after
      .sandbox()
      .store.manifests.wells(uuid)
      .find((w) => w.position === 'A3');
    expect(a3?.sampleId).toBe('S-0099');
  });
});
