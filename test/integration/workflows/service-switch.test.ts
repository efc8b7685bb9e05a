import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLabClient } from '../../../main/api/index.js';
import { OutboxState } from '../../../renderer/lib/outbox/outbox-state.svelte.js';
import { switchNotice } from '../../../renderer/lib/kept/kept-per-service.js';
import { keptWellFillState } from '../../../renderer/workflows/well-fill/kept-state.js';
import { keptAssignState } from '../../../renderer/workflows/assign-location/kept-state.js';
import { keptRowState } from '../../../renderer/workflows/row-update/kept-state.js';
import { keptUploadState } from '../../../renderer/workflows/upload/kept-state.js';
import { answerGuard, handleWellFillScan } from '../../../renderer/workflows/well-fill/well-fill-scans.js';
import { handleAssignScan } from '../../../renderer/workflows/assign-location/assign-scans.js';
import { handleRowScan } from '../../../renderer/workflows/row-update/row-scans.js';
import { sampleIntent } from '../../../renderer/workflows/well-fill/well-intents.js';
import { emptyWell } from '../../../renderer/lib/plate-map/well-view.js';
import { WriteTask } from '../../../renderer/workflows/data/write-task.svelte.js';
import { MAX_INTENTS_PER_COMMIT } from '../../../shared/ipc/channels/outbox.js';
import { STAGE_CHUNK_BYTES } from '../../../shared/ipc/channels/upload.js';
import { SampleAssigner } from '../../../renderer/workflows/data/sample-assign.svelte.js';
import { UploadState } from '../../../renderer/workflows/upload/upload-state.svelte.js';
import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { ChannelName } from '../../../shared/ipc/contract.js';
import { inProcessApi, type InProcess } from '../../helpers/in-process-api.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { pageParts } from '../../helpers/page-on-main.js';

/**
 * The bench screens' kept state after a connection switch, on the real main in-process: service A is
 * its embedded sandbox, service B a second real sandbox over HTTP. Each screen is opened as it is in
 * the app (its kept state for the service in use, and the notice it says), and where a change lands
 * is read from the services themselves.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const custom = (url: string) => ({ kind: 'custom', baseUrl: url, filesUrl: url, eventsUrl: url, mode: 'v2' }) as const;
const LOCAL = { kind: 'local-sandbox', mode: 'v2' } as const;

async function bench(options: Parameters<typeof inProcessApi>[0] = {}) {
  const env: InProcess = await inProcessApi(options);
  cleanups.push(() => env.close());
  const b: TestSandbox = await startTestSandbox({ dbPath: ':memory:' });
  cleanups.push(() => b.close());
  const { feedback, outbox, said, stop } = await pageParts(env);
  cleanups.push(stop);
  return {
    env,
    b,
    feedback,
    said,
    async toB() {
      await env.call('settings.set', { connection: custom(b.url) });
      await env.call('token.set', { token: b.demoToken, connection: custom(b.url) });
    },
    toA: () => env.call('settings.set', { connection: LOCAL }),
    /** A screen opened as the app opens it: its kept state for the service in use. */
    async kept<S extends { start(): void; stop(): void }>(
      keptFor: (...a: Parameters<typeof keptWellFillState>) => { state: S; left: { state: S; service: string } | null },
    ) {
      const service = await env.service();
      const k = keptFor(env.api, service, feedback, outbox);
      k.state.start();
      cleanups.push(() => k.state.stop());
      return { k, service };
    },
    async queued(): Promise<number> {
      const c = await env.call('outbox.counts', {});
      return c.pending + c.sending + c.done + c.failed + c.elsewhere;
    },
    /** B's own reading of a plate, over HTTP. */
    async plateOnB(hrid: string) {
      const client = createLabClient({
        connection: { baseUrl: b.url, filesUrl: b.url, eventsUrl: b.url, mode: 'v2' },
        token: async () => b.demoToken,
      });
      return client.fetchManifestMetadata({ hrid });
    },
  };
}

/** The page's api, with the user switching service in Settings right after main answers `channel`. */
function switchingAfter(api: BenchlinkApi, channel: ChannelName, switchService: () => Promise<unknown>): BenchlinkApi {
  return {
    ...api,
    invoke: (async (c: ChannelName, payload: never) => {
      const answer = await api.invoke(c, payload);
      if (c === channel) await switchService();
      return answer;
    }) as BenchlinkApi['invoke'],
  };
}

const wellScan = (s: Parameters<typeof handleWellFillScan>[0]) => (text: string) =>
  handleWellFillScan(s, { text, source: 'field', mainAt: null });

describe('a bench screen after a connection switch', () => {
  it('Well fill starts clean for the new service, fills its own plate there, and finds the old one again on the way back', async () => {
    const t = await bench();
    const { k: onA } = await t.kept(keptWellFillState);
    const a = onA.state;
    const scanA = wellScan(a);
    await scanA('PLT000003');
    for (const tube of ['TB000011', 'TB000012', 'TB000013', 'TB000014']) await scanA(tube);
    const filledOnA = Object.values(a.wells)
      .filter((w) => w.sample !== null)
      .map((w) => w.position);
    expect(filledOnA).toHaveLength(4);
    const plateOnA = a.plate!.uuid;

    await t.toB();
    const { k: onB, service: b } = await t.kept(keptWellFillState);
    expect(onB.state).not.toBe(a);
    expect(onB.state.plate).toBeNull();
    expect(onB.state.wells).toEqual({});
    const notice = switchNotice(onB, b, 'scan the plate again');
    expect(notice).toBe(`Connection changed to ${t.b.url} (API v2): scan the plate again.`);

    const scanB = wellScan(onB.state);
    const before = await t.queued();
    await scanB('TB000020');
    expect(t.said()).toBe('Scan a plate or box first');
    expect(await t.queued()).toBe(before);

    await scanB('PLT000003');
    expect(t.said()).toMatch(/^PL-0003 · /);
    const bPlate = await t.plateOnB('PL-0003');
    expect(onB.state.plate?.uuid).toBe(bPlate.uuid);
    expect(bPlate.uuid).not.toBe(plateOnA);
    await scanB('TB000020');
    const target = onB.state.wellOfSample('S-0020');
    expect(target).not.toBeNull();
    expect(onB.state.wells[target!]?.sync).toBe('pending');
    await t.env.call('outbox.syncNow', {});
    const counts = await t.env.call('outbox.counts', {});
    expect(counts).toMatchObject({ failed: 0, uncertain: 0 });
    const wells = (await t.plateOnB('PL-0003')) as { wells?: { position: string; sample?: { id: string } | null }[] };
    expect(wells.wells?.find((w) => w.position === target)?.sample?.id).toBe('S-0020');

    // A's state held on to (a question answered late, a key press in flight) cannot queue A's plate in B's name.
    const late = a.commit('TB000021 → A5', [
      sampleIntent(a.ref, 'A5', { id: 'S-0021', labsheet: a.labsheet }, emptyWell('A5')),
    ]);
    await expect(late).rejects.toThrow(/read from the local sandbox \(API v2\), but the connection is now http:/);
    expect(a.wells['A5']?.sample ?? null).toBeNull();

    // Back on A: its plate as it was left, with the four wells this computer filled there.
    await t.toA();
    const { k: back, service: aService } = await t.kept(keptWellFillState);
    expect(back.state).toBe(a);
    expect(switchNotice(back, aService, 'scan the plate again')).toBe(
      'Connection changed to the local sandbox (API v2): PL-0003 is open again as you left it on this service.',
    );
    await back.state.refresh();
    expect(
      Object.values(back.state.wells)
        .filter((w) => w.sample !== null)
        .map((w) => w.position),
    ).toEqual(filledOnA);
  }, 60_000);

  it('Well fill: a question asked before the switch is dropped, said, and can no longer be answered', async () => {
    const t = await bench();
    const { k: onA } = await t.kept(keptWellFillState);
    const a = onA.state;
    await wellScan(a)('PLT000003');
    await wellScan(a)('TB999999');
    expect(a.guard?.kind).toBe('unknown-sample');
    const question = a.guard?.message ?? '';
    expect(question).toMatch(/^TB999999 is not in the labsheet as read \d+ s ago\. Use it anyway\?$/);
    const before = await t.queued();

    await t.toB();
    const { k: onB, service } = await t.kept(keptWellFillState);
    expect(switchNotice(onB, service, 'scan the plate again')).toBe(
      `Connection changed to ${t.b.url} (API v2): scan the plate again. The question asked before the change ` +
        `("${question}") was dropped: nothing was recorded for that scan.`,
    );
    expect(a.guard).toBeNull();
    expect(answerGuard(a, (edit) => edit())).toBeNull();
    expect(onB.state.guard).toBeNull();
    expect(await t.queued()).toBe(before);
  }, 60_000);

  it('Well fill: the note of a question left unanswered before the switch is said once, not kept for the way back', async () => {
    const t = await bench();
    const { k: onA } = await t.kept(keptWellFillState);
    const a = onA.state;
    await wellScan(a)('PLT000003');
    await wellScan(a)('TB999999');
    await wellScan(a)('TB000014');
    const note =
      'The question about TB999999 was left unanswered: TB999999 was not placed (scan it again to be asked again).';
    expect(a.unanswered).toBe(note);

    await t.toB();
    const { k: onB, service } = await t.kept(keptWellFillState);
    expect(switchNotice(onB, service, 'scan the plate again')).toBe(
      `Connection changed to ${t.b.url} (API v2): scan the plate again. Before the change: ${note}`,
    );
    expect(onB.state.unanswered).toBeNull();

    await t.toA();
    const { k: back, service: aService } = await t.kept(keptWellFillState);
    expect(back.state).toBe(a);
    expect(switchNotice(back, aService, 'scan the plate again')).toBe(
      'Connection changed to the local sandbox (API v2): PL-0003 is open again as you left it on this service.',
    );
    expect(back.state.unanswered).toBeNull();
  }, 60_000);

  it('Assign location: the open box is the old service’s; the new one starts without a box', async () => {
    const t = await bench();
    const { k: onA } = await t.kept(keptAssignState);
    const scanA = (text: string) => handleAssignScan(onA.state, { text, source: 'field', mainAt: null });
    await scanA('BOX000001');
    await scanA('TB000100');
    expect(onA.state.assignments.map((x) => x.position)).toEqual(['A1']);

    await t.toB();
    const { k: onB, service } = await t.kept(keptAssignState);
    expect(onB.state).not.toBe(onA.state);
    expect(onB.state.location).toBeNull();
    expect(switchNotice(onB, service, 'scan the location, box or plate again')).toBe(
      `Connection changed to ${t.b.url} (API v2): scan the location, box or plate again.`,
    );
    await handleAssignScan(onB.state, { text: 'TB000101', source: 'field', mainAt: null });
    expect(t.said()).toBe('Scan a location, box or plate first');
    await expect(onA.state.assign({ id: 'TB000101', idType: 'ID_BARCODE', position: 'A2' })).rejects.toThrow(
      /nothing was queued/,
    );

    await t.toA();
    const { k: back, service: aService } = await t.kept(keptAssignState);
    expect(back.state).toBe(onA.state);
    expect(switchNotice(back, aService, 'scan the location, box or plate again')).toBe(
      'Connection changed to the local sandbox (API v2): BX-0001 Freezer Box 1 is open again as you left it on this service.',
    );
    await back.state.refreshHoldings();
    expect(back.state.targetPosition()).toBe('A2');
  }, 60_000);

  it('Assign location: a rack file question asked before the switch is closed, said as left unanswered, and not answered on the way back', async () => {
    const t = await bench();
    const { k: onA } = await t.kept(keptAssignState);
    const a = onA.state;
    await handleAssignScan(a, { text: 'BOX000001', source: 'field', mainAt: null });
    await a.rack.importText('Position,Barcode\nG1,TB000132\nG2,TB999004');
    expect(a.rack.question?.unknown.map((r) => r.barcode)).toEqual(['TB999004']);
    const before = await t.queued();

    await t.toB();
    const { k: onB, service } = await t.kept(keptAssignState);
    expect(switchNotice(onB, service, 'scan the location, box or plate again')).toBe(
      `Connection changed to ${t.b.url} (API v2): scan the location, box or plate again. The question about the ` +
        'rack file for BX-0001 Freezer Box 1 was left unanswered: nothing from the file was saved (choose the file ' +
        'again to be asked again).',
    );
    expect(a.rack.question).toBeNull();

    await t.toA();
    const { k: back, service: aService } = await t.kept(keptAssignState);
    expect(back.state).toBe(a);
    expect(switchNotice(back, aService, 'scan the location, box or plate again')).toBe(
      'Connection changed to the local sandbox (API v2): BX-0001 Freezer Box 1 is open again as you left it on this service.',
    );
    // Alt+Y on the way back finds no question: nothing of the file is saved.
    expect(back.state.rack.question).toBeNull();
    expect(await back.state.rack.answer(true)).toEqual({
      text: 'There is no question about a rack file open: choose the file',
      ok: false,
    });
    expect(await t.queued()).toBe(before);
  }, 60_000);

  it('Row update: the open row and its unsaved edits stay with their service, and are not saved in another’s name', async () => {
    const t = await bench();
    const { k: onA } = await t.kept(keptRowState);
    const a = onA.state;
    await handleRowScan(a, { text: 'TB000020', source: 'field', mainAt: null });
    expect(a.rowId).toBe('S-0020');
    a.draft['Notes'] = 'seen on A';

    await t.toB();
    const { k: onB, service } = await t.kept(keptRowState);
    expect(onB.state.row).toBeNull();
    expect(switchNotice(onB, service, 'scan the tube again')).toBe(
      `Connection changed to ${t.b.url} (API v2): scan the tube again. The unsaved changes to S-0020 (Notes) are ` +
        'kept for the service it was read from: switch back to it in Settings to save or discard them.',
    );
    await expect(a.saveRow()).rejects.toThrow(/nothing was queued/);

    await t.toA();
    const { k: back } = await t.kept(keptRowState);
    expect(back.state).toBe(a);
    expect(back.state.unsaved).toEqual(['Notes']);
    expect(await back.state.saveRow()).toBe(1);
  }, 60_000);

  it('Upload: the list is the service’s its files were queued for; the new one starts with none, the old one finds its list again', async () => {
    const t = await bench();
    const { k: onA } = await t.kept(keptUploadState);
    const a = onA.state;
    await a.addFiles([new File(['well,sample\nA1,S-0001\n'], 'plate.csv')]);
    await t.env.call('outbox.syncNow', {});
    await expect.poll(() => a.items[0]?.result?.fileId ?? null, { timeout: 10_000 }).not.toBeNull();

    await t.toB();
    // B does not take this token yet: what is queued for B waits.
    await t.env.call('token.set', { token: 'not-the-token', connection: custom(t.b.url) });
    const { k: onB, service: b } = await t.kept(keptUploadState);
    expect(onB.state).not.toBe(a);
    expect(onB.state.items).toEqual([]);
    expect(switchNotice(onB, b, 'drop or choose the files to upload')).toBe(
      `Connection changed to ${t.b.url} (API v2): drop or choose the files to upload. The upload list (1 file) is ` +
        'kept for the local sandbox (API v2): switch back to it in Settings to see it.',
    );
    await onB.state.addFiles([new File(['run 42: all wells pass'], 'qc-notes.txt')]);
    const onBItem = onB.state.items[0]!;
    await t.env.call('outbox.syncNow', {});
    expect((await t.env.call('outbox.await', { id: onBItem.entryId!, timeoutMs: 0 })).state).toBe('pending');

    await t.toA();
    const { k: back, service: aService } = await t.kept(keptUploadState);
    expect(back.state).toBe(a);
    expect(back.state.items.map((i) => [i.name, i.phase])).toEqual([['plate.csv', 'done']]);
    expect(switchNotice(back, aService, 'drop or choose the files to upload')).toBe(
      'Connection changed to the local sandbox (API v2): the upload list (1 file) is open again as you left it on ' +
        `this service. The upload list (1 file) is kept for ${t.b.url} (API v2): switch back to it in Settings to ` +
        'see it; 1 file on it is still waiting to be sent there.',
    );

    // On B again, with its token: the file waiting there is sent, and its list shows it.
    await t.toB();
    const { k: againB } = await t.kept(keptUploadState);
    expect(againB.state).toBe(onB.state);
    await t.env.call('token.set', { token: t.b.demoToken, connection: custom(t.b.url) });
    await t.env.call('outbox.syncNow', {});
    await expect.poll(() => onBItem.result?.fileId ?? null, { timeout: 10_000 }).not.toBeNull();
    expect(onBItem.phase).toBe('done');
  }, 60_000);

  it('main queues a change only for the service it was read from; a resent write it already queued is answered', async () => {
    const t = await bench();
    const a = await t.env.service();
    const intent = {
      type: 'row-update',
      labsheet: 'Samples',
      idColumn: 'Sample ID',
      id: 'S-0152',
      changes: { Notes: 'x' },
    } as const;
    const first = await t.env.call('outbox.enqueue', { intent, readFrom: a, key: 'resent-0001' });
    await t.toB();
    const refused = await t.env.api.invoke('outbox.enqueue', { intent, readFrom: a });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/^NOT RECORDED — this was read from the local sandbox/);
    const many = await t.env.api.invoke('outbox.enqueueMany', { intents: [intent, intent], readFrom: a });
    expect(many.ok).toBe(false);
    // The page resending a write main committed before the switch gets that entry, not a refusal.
    expect(await t.env.call('outbox.enqueue', { intent, readFrom: a, key: 'resent-0001' })).toEqual(first);
    expect(
      Number((await t.env.call('outbox.enqueue', { intent, readFrom: await t.env.service() })).id),
    ).toBeGreaterThan(Number(first.id));
  }, 60_000);
});

/**
 * The writes outside the three bench screens' own commits: each names the service its ids were read
 * from, so one made on the old service's page after a switch is refused, says why, and queues nothing.
 */
describe('a write made with the old service’s ids after a switch', () => {
  const READ_ELSEWHERE =
    /this was read from the local sandbox \(API v2\), but the connection is now http:\/\/127\.0\.0\.1:\d+ \(API v2\), so nothing was queued\. Scan the plate, box or tube again/;

  it('Data screen: a panel’s write (delete a column) is refused and the panel shows why', async () => {
    const t = await bench();
    const task = new WriteTask(t.env.api, await t.env.service(), () => ({}));
    await t.toB();
    const before = await t.queued();
    await task.submit({ type: 'delete-column', request: { labsheet: 'Samples', columnName: 'Notes' } });
    expect(task.phase).toBe('failed');
    expect(task.error?.text).toMatch(/^NOT RECORDED — /);
    expect(task.error?.text).toMatch(READ_ELSEWHERE);
    expect(task.entryId).toBeNull();
    expect(await t.queued()).toBe(before);
  }, 60_000);

  it('Data screen: samples assigned to the old service’s location are refused; the new one’s are queued', async () => {
    const t = await bench();
    const a = await t.env.service();
    const boxOnA = await t.env.call('cache.manifest', { barcode: 'BOX000001' });
    const onA = new SampleAssigner(t.env.api, a, boxOnA!.uuid);
    await t.toB();
    const before = await t.queued();
    await onA.assign('Samples', 'ID', [{ id: 'S-0101' }, { id: 'S-0102' }]);
    expect(onA.phase).toBe('idle');
    expect(onA.error?.text).toMatch(READ_ELSEWHERE);
    expect(await t.queued()).toBe(before);

    // Read again from the service in use, the same samples go in.
    const boxOnB = await t.env.call('cache.manifest', { barcode: 'BOX000001' });
    expect(boxOnB!.uuid).not.toBe(boxOnA!.uuid);
    const onB = new SampleAssigner(t.env.api, await t.env.service(), boxOnB!.uuid);
    await onB.assign('Samples', 'ID', [{ id: 'S-0101' }, { id: 'S-0102' }]);
    expect(onB.error).toBeNull();
    expect(await t.queued()).toBe(before + 2);
    // More than one commit takes: refused whole, with what to do, rather than half queued.
    const many = Array.from({ length: MAX_INTENTS_PER_COMMIT + 1 }, (_, n) => ({ id: `S-${n}` }));
    await onB.assign('Samples', 'ID', many);
    expect(onB.error?.text).toContain(`${MAX_INTENTS_PER_COMMIT + 1} samples are more than`);
    expect(onB.error?.hint).toContain(`parts of at most ${MAX_INTENTS_PER_COMMIT}`);
    expect(await t.queued()).toBe(before + 2);
  }, 60_000);

  it('Upload: embedding an image the old service stored is refused, and the screen says why', async () => {
    const t = await bench();
    const upload = new UploadState(t.env.api, new OutboxState(t.env.api), await t.env.service());
    await upload.outbox.start();
    upload.start();
    cleanups.push(() => {
      upload.stop();
      upload.outbox.stop();
    });
    await upload.addFiles([new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'gel.png')]);
    const item = upload.items[0]!;
    await t.env.call('outbox.syncNow', {});
    await expect.poll(() => item.result?.fileId ?? null, { timeout: 10_000 }).not.toBeNull();

    await t.toB();
    const before = await t.queued();
    const said = await upload.attachImage(item, 'EXP-0001');
    expect(said.ok).toBe(false);
    // Said once: main's refusal already starts with it.
    expect(said.said).toMatch(/^NOT RECORDED: this was read from /);
    expect(said.said).toMatch(READ_ELSEWHERE);
    expect(await t.queued()).toBe(before);
  }, 60_000);

  /**
   * A large file is copied to main in chunks, and the user may switch service in Settings meanwhile:
   * queued then, it went to the new service while its line stayed in the old one's list.
   */
  const ADDED_ELSEWHERE =
    /^This file was added for the local sandbox \(API v2\), but the connection changed to http:\/\/127\.0\.0\.1:\d+ \(API v2\) while it was being copied, so it was not queued\. Switch back to the local sandbox \(API v2\) in Settings and press Queue again\.$/;

  /** Until nothing is waiting or sending: what was queued has reached its service (or failed there). */
  async function settled(t: Awaited<ReturnType<typeof bench>>) {
    await t.env.call('outbox.syncNow', {});
    await expect
      .poll(async () => {
        const c = await t.env.call('outbox.counts', {});
        return c.pending + c.sending;
      })
      .toBe(0);
  }

  /** The Upload screen on service A, whose connection switches to B right after main answers `channel`. */
  async function uploadSwitchingAfter(t: Awaited<ReturnType<typeof bench>>, channel: ChannelName) {
    const a = await t.env.service();
    const outbox = new OutboxState(t.env.api);
    await outbox.start();
    const upload = new UploadState(
      switchingAfter(t.env.api, channel, () => t.toB()),
      outbox,
      a,
    );
    upload.start();
    cleanups.push(() => {
      upload.stop();
      outbox.stop();
    });
    return { a, upload };
  }

  it('Upload: a dropped file still being copied when the service changes is not queued for the new one; back on its own, Queue again sends it there', async () => {
    const t = await bench();
    const { a, upload } = await uploadSwitchingAfter(t, 'upload.stageFinish');
    const before = await t.queued();
    // Three chunks: copied to main in parts, as a large file is.
    await upload.addFiles([new File([new Uint8Array(STAGE_CHUNK_BYTES * 2 + 10).fill(0x41)], 'plate.csv')]);
    expect(await t.env.service()).not.toBe(a);
    await settled(t);
    expect(t.b.store.uploads.list()).toEqual([]);
    const item = upload.items[0]!;
    expect(item.message).toMatch(ADDED_ELSEWHERE);
    expect(item.phase).toBe('failed');
    expect(item.entryId).toBeNull();
    expect(await t.queued()).toBe(before);

    // Its copy stayed: back on its own service, the same file goes there.
    expect(item.requeue).not.toBeNull();
    await t.toA();
    await upload.queueAgain(item);
    expect(item.phase).toBe('queued');
    await t.env.call('outbox.syncNow', {});
    await expect.poll(() => item.result?.fileId ?? null, { timeout: 10_000 }).not.toBeNull();
    expect(item.phase).toBe('done');
    expect(t.b.store.uploads.list()).toEqual([]);
  }, 60_000);

  it('Upload: a file chosen in the dialog and copied by main when the service changes is not queued for the new one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchlink-picked-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'gel.png');
    writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const t = await bench({ filePicker: { pick: async () => [file] } });
    const { upload } = await uploadSwitchingAfter(t, 'upload.stagePicked');
    const before = await t.queued();
    await upload.pickNative();
    await settled(t);
    expect(t.b.store.uploads.list()).toEqual([]);
    const item = upload.items[0]!;
    expect(item.message).toMatch(ADDED_ELSEWHERE);
    expect(item.phase).toBe('failed');
    expect(await t.queued()).toBe(before);
    expect(item.requeue).not.toBeNull();
  }, 60_000);

  it('Well fill: “Plate completed” for the old service’s plate files no record and queues nothing', async () => {
    const t = await bench();
    const a = await t.env.service();
    const plate = await t.env.call('cache.manifest', { barcode: 'PLT000001' });
    await t.toB();
    const before = await t.queued();
    const r = await t.env.api.invoke('plateRecord.file', {
      plateUuid: plate!.uuid,
      page: { hrid: 'EXP-0001' },
      filing: crypto.randomUUID(),
      readFrom: a,
    });
    expect(r.ok).toBe(false);
    // What PlateRecordFiling shows after "NOT RECORDED: ".
    if (!r.ok) expect(r.error.message).toMatch(/^The record was not filed: /);
    if (!r.ok) expect(r.error.message).toMatch(READ_ELSEWHERE);
    expect(await t.queued()).toBe(before);
    expect(await t.env.call('plateRecord.list', {})).toEqual([]);
  }, 60_000);
});
