import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { LabsheetBrowser } from '../../../../../renderer/workflows/data/labsheet-browser.svelte.js';
import { WriteTask } from '../../../../../renderer/workflows/data/write-task.svelte.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

/**
 * Searches and scans of the Data › Labsheets tab that raced the user, met columns changed elsewhere, or
 * ran under the Archived filter: the real main in-process (demo data). Calls are held back by a wrapper
 * around the api, never by changing the browser under test.
 */
let env: InProcess;
beforeAll(async () => {
  env = await inProcessApi();
});
afterAll(() => env.close());

type Invoke = (c: string, p: unknown) => Promise<unknown>;

/** Main, with calls on `channel` (and, when given, for `labsheet`) waiting until `release()`. */
function holding(channel: string, labsheet?: string) {
  let release = () => undefined as void;
  let held: Promise<void> | null = null;
  const api: BenchlinkApi = {
    ...env.api,
    invoke: (async (c: string, p: { labsheet?: string }) => {
      if (held && c === channel && (labsheet === undefined || p.labsheet === labsheet)) await held;
      return (env.api.invoke as Invoke)(c, p);
    }) as BenchlinkApi['invoke'],
  };
  return {
    api,
    hold: () => (held = new Promise<void>((r) => (release = r))),
    release: () => {
      held = null;
      release();
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('Data › Labsheets: searches and scans', () => {
  it('a scan answered after the user left the labsheet and came back while it reloads is not "0 rows" in green', async () => {
    const lookups = holding('cache.row');
    const rowReads = holding('lab.fetchLabsheetRows', 'Samples');
    const api: BenchlinkApi = {
      ...env.api,
      invoke: (async (c: string, p: unknown) =>
        c === 'cache.row'
          ? lookups.api.invoke(c, p as never)
          : rowReads.api.invoke(c as 'cache.row', p as never)) as BenchlinkApi['invoke'],
    };
    const b = new LabsheetBrowser(api);
    await b.openLabsheet('Samples');
    expect((await b.scanSearch('S-0001')).ok).toBe(true); // a finished search before
    lookups.hold();
    const scanned = b.scanSearch('S-0123');
    await tick();
    await b.openLabsheet('Reagents');
    rowReads.hold();
    const back = b.openLabsheet('Samples'); // its rows on their way
    await tick();
    lookups.release();
    const answer = await scanned;
    rowReads.release();
    await back;
    // On the old code: { ok: true, text: '0 rows in Samples whose Sample ID contains S-0123' } (nothing searched).
    expect(answer.ok).toBe(false);
    expect(answer.text).toMatch(/^Search for S-0123 in Samples not finished: /);
    expect(b.search.finished).toBe(false);
  });

  it('a search asked of a labsheet no longer open is refused, never run in the open one', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Reagents');
    await b.runSearch('S-0123', 'Sample ID', 'Samples');
    expect([b.search.finished, b.search.error?.text]).toEqual([false, 'another labsheet was opened meanwhile']);
  });

  it('while a page is read, the rows shown (the page before) cannot be exported; when they were read is kept', async () => {
    const rowReads = holding('lab.fetchLabsheetRows');
    const b = new LabsheetBrowser(rowReads.api);
    await b.openLabsheet('Samples');
    const firstRead = b.readAt;
    expect([b.exportable, firstRead !== null]).toEqual([true, true]);
    rowReads.hold();
    const paging = b.goTo(2);
    await tick();
    // On the old code the panel alone knew: the browser offered page 1's rows as exportable under page 2's name.
    expect(b.exportable).toBe(false);
    rowReads.release();
    await paging;
    expect(b.exportable).toBe(true);
    expect(b.readAt).toBeGreaterThanOrEqual(firstRead!);
  });

  it('with Archived on "unarchived", a count of 0 says which rows were not searched', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    await b.setArchived('unarchived');
    // On the old code: { ok: true, text: '0 unarchived rows in Samples whose Sample ID contains S-9999' }.
    expect(await b.scanSearch('S-9999')).toEqual({
      ok: true,
      text: '0 unarchived rows in Samples whose Sample ID contains S-9999 (archived rows not searched)',
    });
    // The search box's own count says it too (it said "0 rows whose …").
    await b.runSearch('S-0023', 'Sample ID');
    expect(b.search.headline).toBe('0 unarchived rows whose Sample ID contains "S-0023" (archived rows not searched)');
    // The archived tube main's lookup knows: not in green, and says what to do.
    const answer = await b.scanSearch('S-0023');
    expect(answer.ok).toBe(false);
    expect(answer.text).toContain(
      'S-0023 is in Samples, but in a row the Archived filter (unarchived only) leaves out',
    );
    expect(answer.text).toContain('Set Archived to "any"');
  });

  it('a labsheet whose columns changed elsewhere: a scan reads its rows again and searches once more', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    const shownAt = b.readAt!;
    expect(b.headers).toContain('Volume uL');
    const task = new WriteTask(env.api, await env.service(), (raw) => raw);
    await task.submit({ type: 'delete-column', request: { labsheet: 'Samples', columnName: 'Volume uL' } });
    // On the old code: "… changed since its rows were shown: reload them (↻) and search again", and the
    // only ↻ on the screen reloads the labsheet names.
    expect(await b.scanSearch('S-0123')).toEqual({
      ok: true,
      text: '1 row in Samples whose Sample ID contains S-0123',
    });
    expect(b.headers).not.toContain('Volume uL');
    expect(b.readAt).toBeGreaterThanOrEqual(shownAt);
  });

  it('a column searched that was removed elsewhere is said by name; still changing, the message names Reload rows', async () => {
    const b = new LabsheetBrowser(env.api);
    await b.openLabsheet('Samples');
    const task = new WriteTask(env.api, await env.service(), (raw) => raw);
    await task.submit({ type: 'delete-column', request: { labsheet: 'Samples', columnName: 'Status' } });
    await b.runSearch('received', 'Status');
    expect([b.search.finished, b.search.error?.text]).toEqual([
      false,
      'Samples no longer has a column Status (it was changed elsewhere): choose another column',
    ]);

    // Every other read of the rows answers other columns (changed again and again at another bench).
    let reads = 0;
    const flapping: BenchlinkApi = {
      ...env.api,
      invoke: (async (c: string, p: unknown) => {
        const r = (await (env.api.invoke as Invoke)(c, p)) as { ok: boolean; value: { headers: string[] } };
        if (c !== 'lab.fetchLabsheetRows' || !r.ok || reads++ % 2 === 0) return r;
        return { ...r, value: { ...r.value, headers: [...r.value.headers.slice(0, -1), 'Renamed'] } };
      }) as BenchlinkApi['invoke'],
    };
    const c = new LabsheetBrowser(flapping);
    await c.openLabsheet('Samples');
    await c.runSearch('S-01', 'Sample ID');
    expect(c.search.error?.text).toBe(
      'the columns of Samples changed since its rows were shown: press Reload rows, then search again',
    );
  });
});
