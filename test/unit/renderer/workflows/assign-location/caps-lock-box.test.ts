import { afterEach, describe, expect, it } from 'vitest';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { sandboxBehindProxy } from '../../../../helpers/sandbox-behind-proxy.js';
import { fixtureFileForSuite, tubeLab } from '../../../../helpers/tube-lab.js';
import { wellFillOnMain } from '../../../../helpers/well-fill-on-main.js';

/**
 * A box whose barcode no built-in pattern knows (RKA0007), read by a keyboard scanner with Caps Lock on
 * (rka0007), on the real main in-process and its embedded sandbox, reached through a fault proxy. Main
 * finds the box among those this computer opened in any letter case; on the old code the page compared
 * the barcode as spelled and dropped it: on a fresh screen "Scan a location, box or plate first", and with
 * another box open the code was taken for a tube of that box.
 */
const lab = fixtureFileForSuite(
  tubeLab({
    token: 'rk-caps-token',
    tubes: 10,
    barcode: (n) => `TB${String(n).padStart(6, '0')}`,
    manifests: [
      { name: 'Box', hrid: 'BX-0001', barcode: 'BOX000001', template: '81 Slot Box', layout: { rows: 9, columns: 9 } },
      { name: 'Rack', hrid: 'RK-0007', barcode: 'RKA0007', template: '81 Slot Box', layout: { rows: 9, columns: 9 } },
    ],
  }),
);

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** The bench on that lab, with Assign location screens on it, each opened fresh. */
async function bench() {
  const behind = sandboxBehindProxy();
  const w = await wellFillOnMain(undefined, { sandboxFixture: lab(), startSandbox: behind.startSandbox });
  await w.env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
  const service = await w.env.service();
  const outbox = new OutboxState(w.env.api);
  await outbox.start();
  const screens: AssignState[] = [];
  close = async () => {
    for (const s of screens) s.stop();
    outbox.stop();
    await w.close();
  };
  return {
    said: w.said,
    offline: behind.offline,
    entries: async () => (await w.env.call('outbox.counts', {})).pending,
    screen() {
      const s = new AssignState(w.env.api, w.feedback, outbox, service);
      s.labsheet = 'Samples';
      s.start();
      screens.push(s);
      return { s, scan: (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null }) };
    },
  };
}

describe('Assign location: a box barcode read with Caps Lock on', () => {
  it('on a fresh screen opens the box', async () => {
    const b = await bench();
    await b.screen().scan('RKA0007');
    const { s, scan } = b.screen();
    await scan('rka0007');
    expect(s.location?.name).toBe('RK-0007 Rack');
    expect(b.said()).toBe('Location: RK-0007 Rack');
  });

  it.each(['online', 'offline'])('%s, with another box open, switches to it and queues no tube', async (how) => {
    const b = await bench();
    const { s, scan } = b.screen();
    await scan('RKA0007');
    await scan('BOX000001');
    await expect.poll(() => s.samples.size).toBeGreaterThan(0);
    if (how === 'offline') b.offline();
    const before = await b.entries();
    await scan('rka0007');
    expect(s.guard).toBeNull();
    expect(s.location?.name).toBe('RK-0007 Rack');
    expect(b.said()).toBe('RK-0007 Rack — tubes go to A1');
    expect(s.assignments).toEqual([]);
    expect(await b.entries()).toBe(before);
  });
});
