import { afterEach } from 'vitest';
import { createLabClient, type LabClient } from '../../main/api/index.js';
import { startSandbox, type SandboxHandle } from '../../main/sandbox/server.js';
import { OutboxState } from '../../renderer/lib/outbox/outbox-state.svelte.js';
import { AssignState } from '../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../renderer/workflows/assign-location/assign-scans.js';
import type { BenchlinkApi } from '../../shared/ipc/api.js';
import { OUTBOX_ENTRY_STATES } from '../../shared/ipc/channels/outbox.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { wellFillOnMain } from './well-fill-on-main.js';

/**
 * Well fill and Assign location as the screens build them, on the real main in-process and its
 * embedded sandbox answering in `profile` (`spec` lists no wells, `extended` does), and "another
 * bench": a client of its own writing a plate's or box's wells over HTTP. For what one bench sees of
 * another, and of itself on the other screen. Main reaches the sandbox through a fault proxy (no
 * faults until a test sets some), so a test can take the service away and bring it back.
 */
export async function benchesOnMain(profile: 'spec' | 'extended') {
  let sandbox: SandboxHandle | null = null;
  let proxy: FaultProxy | null = null;
  let closed: Promise<void> | null = null;
  const w = await wellFillOnMain(undefined, {
    sandboxAnswers: { profile },
    startSandbox: async (o) => {
      const started = await startSandbox(o);
      const p = (proxy = await startFaultProxy({ target: started.url }));
      // Closed once, whether a test took the service away first or the app closes it.
      sandbox = {
        ...started,
        close: () => (closed ??= Promise.all([started.close(), p.close()]).then(() => undefined)),
      };
      return { ...sandbox, url: p.url };
    },
  });
  await w.env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
  const service = await w.env.service();
  const outbox = new OutboxState(w.env.api);
  await outbox.start();
  const screens: AssignState[] = [];
  const svc = (): SandboxHandle => {
    if (!sandbox) throw new Error('the sandbox did not start');
    return sandbox;
  };
  let other: LabClient | null = null;
  const otherBench = (): LabClient =>
    (other ??= createLabClient({
      connection: { baseUrl: svc().url, filesUrl: svc().url, eventsUrl: svc().url, mode: 'v2' },
      token: async () => svc().demoToken,
    }));
  /**
   * A fresh Assign location screen: what it knows of a box comes from main, not from an earlier page.
   * `api` lets a test watch the calls the page makes.
   */
  const assignScreen = (api: BenchlinkApi = w.env.api) => {
    const s = new AssignState(api, w.feedback, outbox, service);
    s.start();
    screens.push(s);
    return { s, scan: (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null }) };
  };
  const sync = () => w.env.call('outbox.syncNow', {});
  return {
    ...w,
    /** The embedded sandbox, to read what the service holds. */
    sandbox: svc,
    /** The proxy main talks to the sandbox through: its faults, and the requests it forwarded. */
    proxy(): FaultProxy {
      if (!proxy) throw new Error('the sandbox did not start');
      return proxy;
    },
    assignScreen,
    /**
     * The box with this barcode filled from this computer with `tubes` (A1 on) and sent, then a fresh
     * Assign location visit to it: a box whose tubes this computer put there, as main's outbox knows.
     */
    async assignScreenOnFilledBox(barcode: string, tubes: readonly string[]) {
      const first = assignScreen();
      await first.scan(barcode);
      for (const t of tubes) await first.scan(t);
      await sync();
      const again = assignScreen();
      await again.scan(barcode);
      return again;
    },
    /**
     * The service out of reach, and the whole queue held by it: a row update (another lane) tries and
     * fails, and each failure holds the queue longer, so what is queued next is not tried while a test sets
     * it up (and fails on this computer, never sent, when the queue gives up on it).
     */
    async queueHeldOffline() {
      if (!proxy) throw new Error('the sandbox did not start');
      proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
      await w.env.call('outbox.enqueue', {
        intent: {
          type: 'row-update',
          labsheet: 'Samples',
          idColumn: 'Sample ID',
          id: 'S-0090',
          changes: { Status: 'received' },
        },
      });
      for (let i = 0; i < 6; i++) await sync();
    },
    /** Another bench puts `sample` in `position` of the plate or box with this barcode. */
    otherPuts(barcode: string, position: string, sample: string) {
      const m = svc().store.manifests.find('barcode', barcode)!;
      return otherBench().updateManifest({
        uuid: m.uuid,
        plate: { wells: [{ position, sample: { id: sample, labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }] },
      });
    },
    /**
     * Another bench puts the tube `sample` (a sample ID) at `position` of the box or plate with this
     * barcode by an assign-location, as a bench of its own scans it: the service moves it from then on.
     */
    otherAssigns(barcode: string, position: string, sample: string) {
      const m = svc().store.manifests.find('barcode', barcode)!;
      return otherBench().assignLocation({
        labsheet: 'Samples',
        locationId: m.uuid,
        idType: 'ID',
        assignments: [{ id: sample, position }],
      });
    },
    /** Another bench empties `position` of the plate or box with this barcode. */
    otherEmpties(barcode: string, position: string) {
      const m = svc().store.manifests.find('barcode', barcode)!;
      return otherBench().updateManifest({
        uuid: m.uuid,
        plate: { removeFromWells: [{ position, fields: ['SAMPLE', 'LABEL'] }] },
      });
    },
    sync,
    /** Every entry of main's outbox for the service in use, in every state (as the Outbox lists them). */
    entries: () => w.env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] }),
    /** The sample the service holds at `position` of the plate or box with this barcode, or null. */
    heldOnService(barcode: string, position: string): string | null {
      const m = svc().store.manifests.find('barcode', barcode)!;
      return (
        svc()
          .store.manifests.wells(m.uuid)
          .find((x) => x.position === position)?.sampleId ?? null
      );
    },
    async close() {
      for (const s of screens) s.stop();
      outbox.stop();
      await w.close();
    },
  };
}

export type Benches = Awaited<ReturnType<typeof benchesOnMain>>;

/**
 * Well fill on the plate with this barcode, read as a user opens it (the tubes' rows first, so each
 * tube is known from the page), and what the service holds in its wells.
 */
export async function onPlate(b: Benches, barcode: string) {
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  await b.scan(barcode);
  return { ...b, onService: (position: string) => b.heldOnService(barcode, position) };
}

/**
 * `benchesOnMain` for a suite: the benches a test opened are closed after it, passed or failed, so no
 * main, sandbox or proxy outlives its test.
 */
export function benchesPerTest(): typeof benchesOnMain {
  let open: { close(): Promise<void> } | null = null;
  afterEach(async () => {
    await open?.close();
    open = null;
  });
  return async (profile) => {
    const b = await benchesOnMain(profile);
    open = b;
    return b;
  };
}
