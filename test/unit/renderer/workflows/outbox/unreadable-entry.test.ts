/**
 * The Outbox screen over the real main: one entry this version cannot read (damaged, or queued by a
 * newer version) is listed as unreadable with the reason and can be discarded; every other entry is
 * listed as usual.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxList } from '../../../../../renderer/workflows/outbox/outbox-list.svelte.js';
import type { Intent } from '../../../../../shared/outbox/intents.js';
import { inProcessApi, type InProcess } from '../../../../helpers/in-process-api.js';

let env: InProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'benchlink-unreadable-'));
  env = await inProcessApi({ dataDir });
});
afterAll(async () => {
  await env.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A row update the service refuses (no such labsheet): the entry ends 'failed'. */
async function failedEntry(id: string): Promise<number> {
  const intent: Intent = { type: 'row-update', labsheet: 'No Such Sheet', idColumn: 'Sample ID', id, changes: {} };
  const r = await env.call('outbox.enqueue', { intent });
  expect((await env.call('outbox.await', { id: r.id, timeoutMs: 10_000 })).state).toBe('failed');
  return Number(r.id);
}

/** What another version (or a damaged disk) left in the row, written beside the running app. */
function store(id: number, type: string, payload: string): void {
  const db = new Database(join(dataDir, 'outbox.db'));
  try {
    db.prepare(`UPDATE entries SET type = ?, payload = ? WHERE id = ?`).run(type, payload, id);
  } finally {
    db.close();
  }
}

describe('Outbox: an entry this version cannot read', () => {
  it('is listed with why and what to do, the others as usual, and it can be discarded', async () => {
    const before = await failedEntry('S-0011');
    const damaged = await failedEntry('S-0012');
    const newer = await failedEntry('S-0013');
    const after = await failedEntry('S-0014');
    store(damaged, 'row-update', '{"type":"row-update","labsheet":');
    store(newer, 'row-merge', JSON.stringify({ type: 'row-merge', labsheet: 'Samples', ids: ['S-0013'] }));

    const list = new OutboxList(env.api);
    // Refused by the service: listed under Refused, unreadable or not (its stored error still says why).
    list.filter = 'refused';
    await list.refresh();
    expect(list.listError).toBeNull();
    const byId = new Map(list.entries.map((e) => [e.id, e]));
    expect(byId.get(before)).toMatchObject({ intent: { id: 'S-0011' } });
    expect(byId.get(after)).toMatchObject({ intent: { id: 'S-0014' } });
    expect(byId.get(before)!.unreadable).toBeUndefined();
    const d = byId.get(damaged)!;
    expect(d.intent).toBeUndefined();
    expect(d.unreadable).toMatch(/cannot read this entry \(its stored change is damaged/);
    expect(d.unreadable).toMatch(/Discard it/);
    expect(byId.get(newer)!.unreadable).toMatch(/"row-merge" change, which this version does not know/);

    await list.act('outbox.discard', damaged, 'Discarded');
    expect(list.message).toEqual({ text: 'Discarded', ok: true });
    expect(list.entries.map((e) => e.id)).not.toContain(damaged);
    expect(list.entries.map((e) => e.id)).toEqual(expect.arrayContaining([before, newer, after]));
    expect(list.listError).toBeNull();
    // The counts under the header read the same rows.
    expect(await env.call('outbox.counts', {})).toMatchObject({
      failed: 3,
      failedAs: { held: 0, refused: 3, failed: 0 },
    });
  });
});
