import { afterEach, describe, expect, it } from 'vitest';
import { createLabClient, type LabClient } from '../../../../../main/api/index.js';
import { startSandbox, type SandboxHandle } from '../../../../../main/sandbox/server.js';
import type { SandboxAnswers } from '../../../../../main/connection/types.js';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { Feedback } from '../../../../../renderer/lib/feedback/feedback.svelte.js';
import { ScanHub } from '../../../../../renderer/lib/scan-input/scan-hub.svelte.js';
import { answerGuard, handleWellFillScan } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { labelWells, removeFromWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { wellFillOnMain, type WellFillOnMain } from '../../../../helpers/well-fill-on-main.js';
import type { InProcess } from '../../../../helpers/in-process-api.js';

/**
 * Well fill on a bench where another person works the same plate: the real main in-process on the
 * real sandbox, and "another bench" writing to that sandbox over HTTP with its own client.
 */
let open: WellFillOnMain | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

async function bench(answers?: SandboxAnswers, api?: (env: InProcess) => BenchlinkApi) {
  let sandbox: SandboxHandle | null = null;
  const w = await wellFillOnMain(api, {
    ...(answers ? { sandboxAnswers: answers } : {}),
    startSandbox: async (o) => (sandbox = await startSandbox(o)),
  });
  open = w;
  await w.env.call('settings.set', { connection: { kind: 'local-sandbox', mode: 'v2' } });
  const svc = (): SandboxHandle => {
    if (!sandbox) throw new Error('the sandbox did not start');
    return sandbox;
  };
  const other: LabClient = createLabClient({
    connection: { baseUrl: svc().url, filesUrl: svc().url, eventsUrl: svc().url, mode: 'v2' },
    token: async () => svc().demoToken,
  });
  const otherPuts = (position: string, sample: string) =>
    other.updateManifest({
      uuid: w.s.plate!.uuid,
      plate: { wells: [{ position, sample: { id: sample, labsheet: 'Samples' }, label: 'SAMPLE', tags: [] }] },
    });
  const onService = (position: string) =>
    svc()
      .store.manifests.wells(w.s.plate!.uuid)
      .find((x) => x.position === position)?.sampleId ?? null;
  const sync = () => w.env.call('outbox.syncNow', {});
  const counts = () => w.env.call('outbox.counts', {});
  return { ...w, otherPuts, onService, sync, counts };
}

describe('Well fill when another bench changed the plate', () => {
  it('Ctrl+Z after the screen showed another bench replacing the tube is refused, and their sample stays', async () => {
    const b = await bench();
    await b.scan('PLT000003');
    await b.scan('TB000040');
    await b.sync();
    await b.otherPuts('A1', 'S-0099');
    await b.s.refresh(); // back on the screen: the well now shows S-0099
    expect(b.s.wells['A1']?.sample).toBe('S-0099');

    await expect(b.s.undo()).rejects.toThrow(/not undone: A1 now holds S-0099, changed since at another bench/);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0099');
    expect((await b.counts()).failed).toBe(0);
    // Nothing was taken off the history: the refusal repeats, it never skips to an older edit.
    expect(b.s.canUndo).toBe(true);
    await expect(b.s.undo()).rejects.toThrow(/not undone/);
  });

  it('a redo over a well another bench filled after the undo is refused', async () => {
    const b = await bench();
    await b.scan('PLT000003');
    await b.scan('TB000040');
    await b.sync();
    expect(await b.s.undo()).toBe('S-0040 → A1');
    await b.sync();
    expect(b.onService('A1')).toBeNull();
    await b.otherPuts('A1', 'S-0099');
    await b.s.refresh();

    await expect(b.s.redo()).rejects.toThrow(/not redone: A1 now holds S-0099/);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0099');
    expect(b.s.canRedo).toBe(true);
  });

  it('an undo of wells nobody else touched still goes, after a re-read that showed another well change', async () => {
    const b = await bench();
    await b.scan('PLT000003');
    await b.scan('TB000040');
    await b.sync();
    await b.otherPuts('B1', 'S-0099');
    await b.s.refresh();
    expect(await b.s.undo()).toBe('S-0040 → A1');
    await b.sync();
    expect(b.onService('A1')).toBeNull();
    expect(b.onService('B1')).toBe('S-0099');
  });

  it('a service that lists no wells: a re-read that finds wells used elsewhere stops the fill, and the next tube is refused', async () => {
    const b = await bench({ profile: 'spec' });
    await b.scan('PLT000003');
    expect(b.s.held).toBe(false);
    await b.scan('TB000040');
    expect(b.s.wells['A1']?.sample).toBe('S-0040');
    await b.sync();
    await b.otherPuts('A2', 'S-0099');

    expect(await b.s.refresh()).toBe(true);
    expect(b.s.held).toBe(true);
    expect(b.s.cursor).toBeNull();
    const before = await b.queued();
    await b.scan('TB000041');
    expect(b.said()).toMatch(/1 well of this plate was filled elsewhere/);
    expect(await b.queued()).toBe(before);
    expect(b.onService('A2')).toBe('S-0099');
    // A second re-read with nothing new does not say it again.
    expect(await b.s.refresh()).toBe(false);
  });

  it('a stopped fill stays stopped through fill order, undo, redo, Skip and a removal: only a position starts it', async () => {
    const b = await bench({ profile: 'spec' });
    await b.scan('PLT000003');
    await b.scan('TB000040');
    await b.scan('TB000041');
    await b.sync();
    await b.otherPuts('A3', 'S-0099');
    expect(await b.s.refresh()).toBe(true);
    const before = await b.queued();
    const stillStopped = async (after: string) => {
      expect(b.s.cursor, after).toBeNull();
      await b.scan('TB000042');
      expect(b.said(), after).toMatch(/1 well of this plate was filled elsewhere/);
    };
    b.s.setOrder('column-major');
    b.s.setOrder('row-major');
    await stillStopped('fill order');
    expect(await b.s.undo()).toBeTruthy();
    await stillStopped('undo');
    expect(await b.s.redo()).toBeTruthy();
    await stillStopped('redo');
    await b.scan('#CMD:SKIP');
    expect(b.said()).toMatch(/filled elsewhere/);
    await stillStopped('Skip');
    await removeFromWells(b.s, ['A2'], 'SAMPLE');
    await stillStopped('removal');
    // Undo, redo and the removal are queued; no tube went anywhere by itself, least of all to A3.
    expect(await b.queued()).toBe(before + 3);
    expect(Object.values(b.s.wells).filter((w) => w.sample === 'S-0042')).toEqual([]);

    // The user says where: the fill starts there (where A3's tube is, the screen cannot know).
    await b.scan('A2');
    await b.scan('TB000042');
    expect(b.said()).toMatch(/^S-0042 → A2 · next/);
    expect(b.s.held).toBe(false);
  });

  it('a service that lists no wells: a tube replaced elsewhere cannot be seen, so the next change is held for a look', async () => {
    const b = await bench({ profile: 'spec' });
    await b.scan('PLT000003');
    await b.scan('TB000040');
    await b.sync();
    await b.otherPuts('A1', 'S-0099'); // same count of used wells: nothing on screen can show it
    expect(await b.s.refresh()).toBe(false);
    await b.scan('TB000041'); // goes to A2 on screen
    await b.sync();
    expect(b.onService('A2')).toBeNull();
    const failed = await b.env.call('outbox.list', { states: ['failed'] });
    expect(failed.map((e) => e.lastError?.kind)).toEqual(['plate-changed']);
  });

  it('a service that lists no wells: a label on a well this computer cannot see into is refused, a tube scanned there goes', async () => {
    const b = await bench({ profile: 'spec' });
    await b.scan('PLT000001'); // filled at another bench: its wells are counted, not listed
    expect(b.s.plate?.unplacedUsed).toBeGreaterThan(0);
    const before = await b.queued();
    await expect(labelWells(b.s, ['A1'], 'STANDARD')).rejects.toThrow(
      /A1: \d+ wells of PL-0001 were filled elsewhere .* does not know what these hold/,
    );
    expect(await b.queued()).toBe(before);
    await b.sync();
    expect(b.onService('A1')).toBe('S-0001');

    await b.scan('A1');
    await b.scan('TB000040');
    expect(b.said()).toMatch(/S-0040 → A1/);
    expect(await b.queued()).toBe(before + 1);
  });
});

describe('Well fill: "Use anyway" and the next tube', () => {
  it('the tube scanned right after the click waits for it and goes to the next well', async () => {
    // A tube not in the saved rows is looked up on the service: slow, so the click's work is still
    // running when the next tube arrives.
    const b = await bench(undefined, (env) => ({
      ...env.api,
      invoke: (async (channel: string, payload: unknown) => {
        if (channel === 'cache.row') await new Promise((r) => setTimeout(r, 200));
        return (env.api.invoke as (c: string, p: unknown) => Promise<unknown>)(channel, payload);
      }) as BenchlinkApi['invoke'],
    }));
    const feedback = new Feedback();
    feedback.tones.enabled = false;
    const hub = new ScanHub(feedback);
    hub.claim(
      (scan) => handleWellFillScan(b.s, scan),
      () => null,
    );
    let t = 0;
    const scan = (text: string) => {
      t += 1000;
      hub.receive({ text, source: 'field', mainAt: null, startedAt: t, endedAt: t + 5 });
    };
    scan('PLT000003');
    scan('TB999999');
    await hub.inTurn(async () => undefined);
    expect(b.s.guard?.kind).toBe('unknown-sample');

    const clicked = answerGuard(b.s, (edit) => hub.inTurn(edit));
    scan('TB000041');
    await clicked;
    await hub.inTurn(async () => undefined);
    expect(b.s.wells['A1']?.sample).toBe('TB999999');
    expect(b.s.wells['A2']?.sample).toBe('S-0041');
    expect(await b.queued()).toBe(2);
  });
});
