import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../../main/sandbox/server.js';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { benchesPerTest, type Benches } from '../../../../helpers/benches-on-main.js';
import { startFaultProxy, type FaultProxy } from '../../../../helpers/fault-proxy.js';
import { pageParts } from '../../../../helpers/page-on-main.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * A plate or box opened on Assign location from main's saved copy: offline, or while the service accepts
 * connections and never answers. The real main in-process, its embedded sandbox behind the fault proxy.
 */
const open = benchesPerTest();
const METADATA = '/manifest/fetch-metadata';

/** A fresh Assign location screen (what it knows of a box comes from main), scanning `text`. */
async function freshScreenScans(b: Benches, text: string) {
  const screen = b.assignScreen();
  await screen.scan(text);
  return screen.s;
}

/** The service's answers for the box, with `barcode: null` (the spec's wording allows it). */
function withoutBarcode(b: Benches) {
  const m = b.sandbox().store.manifests.find('barcode', 'BOX000001')!;
  return JSON.stringify({
    success: true,
    name: m.name,
    template: m.template,
    uuid: m.uuid,
    hrid: m.hrid,
    barcode: null,
    emptySpaces: String(m.layout.rows * m.layout.columns),
    lastUpdate: new Date().toISOString(),
  });
}

describe('Assign location offline: a plate read with Caps Lock on', () => {
  it('opens the plate saved here by its hrid typed in lower case', async () => {
    const b = await open('spec');
    const plate = b.sandbox().store.manifests.find('barcode', 'PLT000003')!;
    await freshScreenScans(b, 'PLT000003');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    // pl-0003 for PL-0003: no built-in pattern upper-cases an hrid. On the old code: "Scan a location, box or plate first".
    const s = await freshScreenScans(b, 'pl-0003');
    expect(s.location?.uuid).toBe(plate.uuid);
    expect(b.said()).toBe('Location: PL-0003 qPCR Plate 2');
  });
});

describe('Assign location: a box the service answers without a barcode', () => {
  it('opens again offline by the barcode it was first read by', async () => {
    const b = await open('spec');
    b.proxy().setFaults([{ path: METADATA, fault: { kind: 'replace', body: withoutBarcode(b) } }]);
    await freshScreenScans(b, 'BOX000001');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    // On the old code main saved it with barcode '': "No plate or box with this barcode (and none saved offline)".
    const s = await freshScreenScans(b, 'BOX000001');
    expect(s.location).toMatchObject({ hrid: 'BX-0001', barcode: 'BOX000001' });
  });

  it('keeps the barcode known before when read again by its hrid', async () => {
    const b = await open('spec');
    await freshScreenScans(b, 'BOX000001');
    b.proxy().setFaults([{ path: METADATA, fault: { kind: 'replace', body: withoutBarcode(b) } }]);
    expect((await freshScreenScans(b, 'BX-0001')).location?.hrid).toBe('BX-0001');
    b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]);
    // On the old code the answer without one wrote '' over BOX000001.
    const s = await freshScreenScans(b, 'BOX000001');
    expect(s.location).toMatchObject({ hrid: 'BX-0001', barcode: 'BOX000001' });
  });
});

describe('Assign location: a service that accepts connections and never answers', () => {
  let env: InProcess | null = null;
  let proxy: FaultProxy | null = null;
  afterEach(async () => {
    await env?.close();
    await proxy?.close();
    env = proxy = null;
  });

  it('after one box read timed out, boxes are answered from the saved copy without asking again', async () => {
    // Each plate or box read that reaches the proxy draws once (`probability`): how many main asked.
    let asked = 0;
    env = await inProcessApi({
      syncTimeoutMs: 400,
      startSandbox: async (o) => {
        const started = await startSandbox(o);
        const p = (proxy = await startFaultProxy({ target: started.url, random: () => (asked++, 0) }));
        return { ...started, url: p.url };
      },
    });
    await env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
    const page = await pageParts(env);
    const service = await env.service();
    const screen = () => {
      const s = new AssignState(env!.api, page.feedback, page.outbox, service);
      s.start();
      return { s, scan: (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null }) };
    };
    try {
      await screen().scan('BOX000001');
      proxy!.setFaults([{ path: METADATA, probability: 1, fault: { kind: 'latency', ms: 60_000 } }]);
      const first = screen();
      await first.scan('BOX000001');
      expect(first.s.location?.hrid).toBe('BX-0001');
      expect(asked).toBe(1);

      // Asked again, each waited out the whole timeout: a box scan, and an unknown box twice (barcode, hrid).
      const again = screen();
      await again.scan('BOX000001');
      expect(again.s.location?.hrid).toBe('BX-0001');
      expect(await env.call('cache.manifest', { barcode: 'BOX000001' })).toMatchObject({
        hrid: 'BX-0001',
        fromCache: true,
      });
      const unknown = screen();
      // Not "no such box": the service was not asked, and nothing is saved of it (the scan hub says this
      // after NOT RECORDED).
      await expect(unknown.scan('BOX000999')).rejects.toThrow(
        /^Could not look up "BOX000999": the service did not answer in time a moment ago, and no copy of it is saved/,
      );
      expect(asked).toBe(1);
    } finally {
      page.stop();
    }
  });
});
