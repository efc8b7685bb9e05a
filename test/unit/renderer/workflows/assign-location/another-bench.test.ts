import { afterEach, describe, expect, it } from 'vitest';
import { createLabClient } from '../../../../../main/api/index.js';
import { startSandbox, type SandboxHandle } from '../../../../../main/sandbox/server.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import { wellFillOnMain } from '../../../../helpers/well-fill-on-main.js';

/**
 * A box half filled at another bench, on a service that lists no wells (as the spec has it): it says
 * how many positions are used, not which. Assign location must not pick "the next free position"
 * then, which may be one of theirs. The real main in-process, the real sandbox; "another bench"
 * writes over HTTP.
 */
let open: { close(): Promise<void> } | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

async function bench(profile: 'spec' | 'extended') {
  let sandbox: SandboxHandle | null = null;
  const w = await wellFillOnMain(undefined, {
    sandboxAnswers: { profile },
    startSandbox: async (o) => (sandbox = await startSandbox(o)),
  });
  await w.env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
  const svc = (): SandboxHandle => {
    if (!sandbox) throw new Error('the sandbox did not start');
    return sandbox;
  };
  const outbox = new OutboxState(w.env.api);
  await outbox.start();
  const s = new AssignState(w.env.api, w.feedback, outbox, await w.env.service());
  s.start();
  open = {
    async close() {
      s.stop();
      outbox.stop();
      await w.close();
    },
  };
  const box = svc().store.manifests.find('barcode', 'BOX000001')!;
  const other = createLabClient({
    connection: { baseUrl: svc().url, filesUrl: svc().url, eventsUrl: svc().url, mode: 'v2' },
    token: async () => svc().demoToken,
  });
  const otherPuts = (position: string, sample: string) =>
    other.updateManifest({
      uuid: box.uuid,
      plate: { wells: [{ position, sample: { id: sample, labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }] },
    });
  const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
  const sync = () => w.env.call('outbox.syncNow', {});
  return { s, scan, otherPuts, sync, said: w.said, queued: w.queued };
}

describe('Assign location on a box another bench half filled', () => {
  it('on a service that lists no wells, each tube waits for its position to be scanned', async () => {
    const b = await bench('spec');
    await b.otherPuts('A1', 'S-0099');
    await b.otherPuts('A2', 'S-0098');
    await b.scan('BOX000001');
    expect(b.said()).toMatch(
      /2 positions of this box were filled elsewhere and the service does not say which: scan the position \(C5\) before each tube$/,
    );
    const before = await b.queued();
    await b.scan('TB000100');
    expect(b.said()).toMatch(/^2 positions .* before each tube; nothing recorded$/);
    expect(await b.queued()).toBe(before);

    await b.scan('C5');
    await b.scan('TB000100');
    expect(b.said()).toMatch(/TB000100 → .* C5$/);
    // The next tube waits for its position again.
    await b.scan('TB000101');
    expect(b.said()).toMatch(/nothing recorded$/);
    expect(await b.queued()).toBe(before + 1);
  });

  it("this computer's own confirmed tubes explain their share of the count; the other bench's still hold the box", async () => {
    const b = await bench('spec');
    await b.scan('BOX000001');
    await b.scan('TB000100');
    await b.scan('TB000101');
    await b.sync();
    await b.scan('BOX000001'); // read again: the service now counts our two tubes
    expect(b.said()).toMatch(/tubes go to A3$/);

    await b.otherPuts('E5', 'S-0099');
    await b.scan('BOX000001');
    expect(b.said()).toMatch(/1 position of this box was filled elsewhere .* before each tube$/);
    await b.scan('A3');
    await b.scan('TB000102');
    expect(b.said()).toMatch(/TB000102 → .* A3$/);
  });

  it('where the service lists its wells, the next free position is known and tubes go there', async () => {
    const b = await bench('extended');
    await b.otherPuts('A1', 'S-0099');
    await b.scan('BOX000001');
    expect(b.said()).toMatch(/tubes go to A2$/);
    await b.scan('TB000100');
    expect(b.said()).toMatch(/TB000100 → .* A2$/);
  });
});
