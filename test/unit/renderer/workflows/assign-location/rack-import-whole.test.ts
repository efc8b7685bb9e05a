import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { withIdempotentWrites } from '../../../../../renderer/lib/ipc/idempotent-writes.js';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import type { RackProgress } from '../../../../../renderer/workflows/assign-location/rack-check.js';
import { parseRackCsv } from '../../../../../renderer/workflows/assign-location/rack-csv.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { lockOutbox } from '../../../../helpers/locked-outbox.js';
import { pageOnMainForSuite } from '../../../../helpers/page-on-main.js';
import { fixtureFileForSuite, tubeLab } from '../../../../helpers/tube-lab.js';

/**
 * A rack file larger than the old parts of 1,000 moves, on the real main and its embedded sandbox: a
 * lab whose racks hold 26 × 48 tubes (the largest layout), with a tube row for each.
 */
const RACKS = ['RACK000001', 'RACK000002', 'RACK000003', 'RACK000004', 'RACK000005', 'RACK000006'];
const TUBES = 6000;
const tube = (n: number) => `TB${String(n).padStart(6, '0')}`;
const lab = fixtureFileForSuite(
  tubeLab({
    token: 'rack-file-test-token',
    tubes: TUBES,
    digits: 5,
    barcode: tube,
    manifests: RACKS.map((barcode, i) => ({
      name: `Rack ${i + 1}`,
      hrid: `RK-000${i + 1}`,
      barcode,
      template: '1248 Tube Rack',
      layout: { rows: 26, columns: 48 },
    })),
  }),
);

/** A rack scanner export of `count` tubes from tube `first` on, in row order from A1. */
function rackFile(first: number, count: number): string {
  const lines = ['Position,Barcode'];
  for (let i = 0; i < count; i++)
    lines.push(`${String.fromCharCode(65 + Math.floor(i / 48))}${(i % 48) + 1},${tube(first + i)}`);
  return lines.join('\n');
}

/** Every enqueueMany the page makes, with how many moves it carries. */
const commits: number[] = [];
/** Every call the page makes, by channel. */
const calls = new Map<string, number>();
/** Runs once after main answers the next enqueueMany, as another program would act then. */
let afterCommit: (() => void) | null = null;
/** Main commits the next enqueueMany, but its answer is lost on the way back (the host restarted). */
let loseAnswer = false;

const page = pageOnMainForSuite(() => ({ sandboxFixture: lab() }), 60_000);

/** The page's api: main itself, watched on the way. */
const watched: BenchlinkApi = {
  invoke: (async (channel: string, payload: unknown) => {
    calls.set(channel, (calls.get(channel) ?? 0) + 1);
    const r = await page.env.api.invoke(channel as 'outbox.enqueueMany', payload as never);
    if (channel === 'outbox.enqueueMany') {
      commits.push((payload as { intents: unknown[] }).intents.length);
      const then = afterCommit;
      afterCommit = null;
      then?.();
      if (loseAnswer) {
        loseAnswer = false;
        return { ok: false, error: { code: 'disconnected', message: 'The connection to Benchlink was lost.' } };
      }
    }
    return r;
  }) as BenchlinkApi['invoke'],
  subscribe: (event, listener) => page.env.api.subscribe(event, listener),
};

async function openRack(barcode: string, api: BenchlinkApi = watched): Promise<AssignState> {
  const s = new AssignState(api, page.feedback, page.outbox, LOCAL_SANDBOX);
  s.start();
  expect(await s.openManifest(barcode)).toBe(true);
  expect(s.layout).toEqual({ rows: 26, columns: 48 });
  return s;
}

/** Every entry this computer holds, whatever became of it (sync runs meanwhile). */
async function entries(): Promise<number> {
  const c = await page.env.call('outbox.counts', {});
  return c.pending + c.sending + c.done + c.failed + c.uncertain;
}

describe('a rack file of more than 1,000 tubes on Assign location', () => {
  it('is one commit: a write failing after part of it was committed cannot leave it half saved', async () => {
    const s = await openRack(RACKS[0]!);
    const reads = parseRackCsv(rackFile(1, 1100), s.layout!).good;
    const before = await entries();
    commits.length = 0;
    // Another program locks the outbox as soon as main has answered the first commit of the import.
    let release: (() => void) | null = null;
    afterCommit = () => (release = lockOutbox(page.env.dataDir));
    const outcome = await s.importRack(reads).then(
      (r) => ({ saved: r.saved, error: null }),
      (err: unknown) => ({ saved: 0, error: String(err) }),
    );
    (release as (() => void) | null)?.();
    expect(outcome).toEqual({ saved: 1100, error: null });
    expect(commits).toEqual([1100]);
    expect(await entries()).toBe(before + 1100);
    expect(s.assignments).toHaveLength(1100);
    s.stop();
  }, 60_000);

  it('a failed commit saves none of it, says so, and keeps its reads: trying again saves it all, once', async () => {
    const s = await openRack(RACKS[1]!);
    const file = rackFile(1201, 1100);
    const before = await entries();
    const release = lockOutbox(page.env.dataDir);
    const failed = await s.rack.importText(file);
    release();
    expect(failed.ok).toBe(false);
    expect(failed.text).toBe(
      'NOT RECORDED: The 1100 tube moves were not saved: the database is locked by another process (SQLITE_BUSY). ' +
        'Close a second copy of Benchlink or a backup tool if one is open, or wait a moment, then try again. ' +
        'Nothing from the rack file was saved. Its reads are kept: press "Save the rack file again" once that is done.',
    );
    expect(await entries()).toBe(before);
    expect(s.assignments).toEqual([]);
    expect(s.rack.kept?.good).toHaveLength(1100);
    expect(s.rack.kept?.boxName).toBe('RK-0002 Rack 2');
    expect(s.rack.kept?.unsure).toBe(false);

    // Another box opened meanwhile: the kept reads are not put into it.
    expect(await s.openManifest(RACKS[0]!)).toBe(true);
    expect(await s.rack.retry()).toEqual({
      text:
        'The kept rack file was read for RK-0002 Rack 2, not the box open now: scan RK-0002 Rack 2 again, ' +
        'then press "Save the rack file again"',
      ok: false,
    });
    expect(await entries()).toBe(before);
    expect(await s.openManifest(RACKS[1]!)).toBe(true);

    const saved = await s.rack.retry();
    expect(saved).toEqual({ text: '1100 tubes saved from the rack file', ok: true });
    expect(s.rack.kept).toBeNull();
    expect(await entries()).toBe(before + 1100);

    // The same file again: every tube is passed over, none queued twice, and the screen says so.
    commits.length = 0;
    expect(await s.rack.importText(file)).toEqual({
      text: '0 tubes saved from the rack file; 1100 already in this box, passed over',
      ok: true,
    });
    expect(commits).toEqual([]);
    expect(await entries()).toBe(before + 1100);

    // And the service gets every one of them, in their positions.
    const last = s.assignments.at(-1)!.entryId;
    expect((await page.env.call('outbox.await', { id: last, timeoutMs: 60_000 })).state).toBe('done');
    const box = await page.env.call('cache.manifest', { barcode: RACKS[1]! });
    const placed = new Map(box!.wells.filter((w) => w.sample).map((w) => [w.position, w.sample!.id]));
    expect(placed.size).toBe(1100);
    expect(placed.get('A1')).toBe('S-01201');
    expect(placed.get('W44')).toBe('S-02300');
    s.stop();
  }, 120_000);

  it('after a lost answer, the kept reads saved again queue no tube twice', async () => {
    const s = await openRack(RACKS[2]!);
    const file = rackFile(2401, 1100);
    const before = await entries();
    // Main commits the import, but the page never hears so (the host restarted in between).
    loseAnswer = true;
    const lost = await s.rack.importText(file);
    expect(lost.ok).toBe(false);
    expect(lost.text).toContain('the rack file may or may not have been saved');
    expect(await entries()).toBe(before + 1100);
    expect(s.rack.kept?.good).toHaveLength(1100);
    expect(s.rack.kept?.unsure).toBe(true);

    commits.length = 0;
    expect(await s.rack.retry()).toEqual({
      text: '0 tubes saved from the rack file; 1100 already in this box, passed over',
      ok: true,
    });
    expect(commits).toEqual([]);
    expect(await entries()).toBe(before + 1100);
    s.stop();
  }, 60_000);

  it('a commit resent after a dropped connection (same idempotency key) answers the entries it made', async () => {
    let now = 0;
    const keyed = withIdempotentWrites(watched, {
      newKey: () => 'rack-import-key-1',
      sleep: async (ms) => void (now += ms),
      now: () => now,
      giveUpAfterMs: 20_000,
    });
    const s = await openRack(RACKS[3]!, keyed);
    const before = await entries();
    commits.length = 0;
    loseAnswer = true;
    const { saved } = await s.importRack(parseRackCsv(rackFile(3601, 1100), s.layout!).good);
    expect(saved).toBe(1100);
    // Sent twice, committed once.
    expect(commits).toEqual([1100, 1100]);
    expect(await entries()).toBe(before + 1100);
    expect(new Set(s.assignments.map((a) => a.entryId)).size).toBe(1100);
    s.stop();
  }, 60_000);

  it('shows how far it has come: the check of its reads, then the one commit', async () => {
    const s = await openRack(RACKS[4]!);
    const seen: RackProgress[] = [];
    await s.importRack(parseRackCsv(rackFile(4801, 1100), s.layout!).good, { progress: (p) => seen.push({ ...p }) });
    expect(seen[0]).toEqual({ phase: 'index', done: 0, of: 1100 });
    const checked = seen.filter((p) => p.phase === 'checking').map((p) => p.done);
    expect(checked).toEqual(Array.from({ length: 11 }, (_, i) => i * 100));
    expect(seen.at(-1)).toEqual({ phase: 'saving', done: 0, of: 1100 });
    s.stop();
  }, 60_000);

  it('two different tubes read at one position: neither is saved, the position is listed to rescan once', async () => {
    // On the old code the first was saved, while the rack may hold the second there.
    const s = await openRack(RACKS[4]!);
    const file = `Position,Barcode\nZ1,${tube(5990)}\nZ1,${tube(5991)}\nZ2,${tube(5992)}`;
    const { saved, refused, shared } = await s.importRack(parseRackCsv(file, s.layout!).good);
    expect(saved).toBe(1);
    const why = `the file reads ${tube(5990)} and ${tube(5991)} in Z1; a position holds one tube, so none of them was saved: look at the rack there`;
    expect(refused).toEqual([
      { position: 'Z1', raw: tube(5990), reason: `${why}; also read as ${tube(5991)}: ${why}` },
    ]);
    expect(shared).toEqual([`Z1 (${tube(5990)} and ${tube(5991)})`]);
    expect(s.assignments.map((a) => `${a.position}:${a.id}`)).toEqual([`Z2:${tube(5992)}`]);
    s.stop();
  }, 60_000);

  it('a tube the file puts in two positions, under either of its names, is saved in neither, and the summary says so', async () => {
    const s = await openRack(RACKS[4]!);
    const file = [
      'Position,Barcode',
      `X1,${tube(5980)}`,
      'X2,S-05980', // the same tube by its sample ID
      `X3,${tube(5981)}`,
      `X4,${tube(5981)}`, // the same tube by the same name
      `X5,${tube(5982)}`,
    ].join('\n');
    const before = await entries();
    expect(await s.rack.importText(file)).toEqual({
      text:
        '1 tube saved from the rack file; the file puts 2 tubes in more than one position ' +
        `(${tube(5980)} in X1 and S-05980 in X2; ${tube(5981)} in X3 and ${tube(5981)} in X4): a tube can be in ` +
        'only one, so none of those reads was saved; 4 positions to rescan: X1 X2 X3 X4',
      ok: false,
    });
    expect(s.assignments.map((a) => `${a.position}:${a.id}`)).toEqual([`X5:${tube(5982)}`]);
    expect(await entries()).toBe(before + 1);
    // The next scans go to those positions, one by one, as for a misread.
    expect(s.rescan).toEqual(['X1', 'X2', 'X3', 'X4']);
    expect(s.rack.taken).toEqual([]);
    s.stop();
  }, 60_000);

  it('the file chosen again after a lost answer queues no tube twice either', async () => {
    const s = await openRack(RACKS[4]!);
    const file = rackFile(5901, 48).replace(/^A/gm, 'Y');
    const before = await entries();
    loseAnswer = true;
    expect((await s.rack.importText(file)).ok).toBe(false);
    expect(await entries()).toBe(before + 48);
    commits.length = 0;
    expect(await s.rack.importText(file)).toEqual({
      text: '0 tubes saved from the rack file; 48 already in this box, passed over',
      ok: true,
    });
    expect(commits).toEqual([]);
    expect(await entries()).toBe(before + 48);
    s.stop();
  }, 60_000);

  it('a rack of tubes the page does not know is looked up in a few calls to main, not one per read', async () => {
    const s = await openRack(RACKS[5]!);
    // Tubes the labsheet has no row for yet (new tubes): neither the page's index nor main's rows know them.
    const reads = parseRackCsv(rackFile(TUBES + 1, 26 * 48), s.layout!).good;
    expect(reads).toHaveLength(1248);
    calls.clear();
    const started = performance.now();
    let checked = 0;
    // Used anyway, as the user answers the question about them.
    const { saved } = await s.importRack(reads, {
      unknown: 'use',
      progress: (p) => {
        if (p.phase === 'saving') checked = performance.now() - started;
      },
    });
    expect(saved).toBe(1248);
    console.info(`checked 1248 reads in ${Math.round(checked)} ms with`, Object.fromEntries(calls));
    // One lookup for the whole file (main reads the labsheet again once for it), not one per read.
    const lookups = Object.fromEntries([...calls].filter(([c]) => c === 'cache.row' || c === 'cache.rows'));
    expect(lookups).toEqual({ 'cache.rows': 1 });
    s.stop();
  }, 600_000);
});
