/**
 * Listeners that react to outbox changes read the entries they concern. One row this version cannot
 * read (damaged, or written by a newer version) in a batch of changes skips only itself: the other
 * entries of the batch still get their reactions (a staged upload copy removed, a created labsheet's ID
 * columns remembered), and the row is logged once by id, never with its content. A real outbox on
 * disk, real staged files, rows corrupted in SQLite.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberCreatedLabsheets } from '../../../../main/cache/created-labsheets.js';
import type { Logger } from '../../../../main/common/logger.js';
import { createOutbox, type Outbox } from '../../../../main/outbox/index.js';
import { removeFinishedStagedCopies, stageFile, uploadIntent } from '../../../../main/staging/index.js';
import type { LabsheetIdColumns } from '../../../../shared/ipc/id-columns.js';
import { fakeNow, tempDir } from './helpers.js';

describe('one unreadable entry in a batch of changes', () => {
  let t: ReturnType<typeof tempDir>;
  let outbox: Outbox;
  let logged: { level: string; msg: string; fields: Record<string, unknown> | undefined }[];
  let remembered: string[];
  const offs: (() => void)[] = [];
  const clock = fakeNow();
  beforeEach(() => {
    t = tempDir();
    logged = [];
    remembered = [];
    const log: Logger = {
      info: (msg, fields) => logged.push({ level: 'info', msg, fields }),
      warn: (msg, fields) => logged.push({ level: 'warn', msg, fields }),
      error: (msg, fields) => logged.push({ level: 'error', msg, fields }),
    };
    outbox = createOutbox({ path: path.join(t.dir, 'outbox.db'), now: clock.now, log });
    offs.push(
      removeFinishedStagedCopies(outbox, log),
      rememberCreatedLabsheets(
        outbox,
        async (labsheet: string, _columns: LabsheetIdColumns) => void remembered.push(labsheet),
        log,
      ),
    );
  });
  afterEach(() => {
    offs.splice(0).forEach((off) => off());
    outbox.close();
    t.cleanup();
  });

  async function staged(name: string): Promise<{ id: number; copy: string }> {
    const original = path.join(t.dir, name);
    writeFileSync(original, `bytes of ${name}`);
    const copy = await stageFile(original, path.join(t.dir, 'staging'), name);
    return { id: outbox.enqueue(uploadIntent(copy, name)), copy: copy.stagedPath };
  }
  const corrupt = (id: number, column: 'payload' | 'last_error', value: string) =>
    outbox.db.prepare(`UPDATE entries SET ${column} = ? WHERE id = ?`).run(value, id);
  const sent = (ids: number[]) => {
    outbox.claim(ids, `r-${ids.join('-')}`, 'test');
    outbox.settle(ids.map((id) => ({ id, state: 'done' as const })));
  };
  /** Lets the removals the listener started finish. */
  const settled = () => new Promise((r) => setTimeout(r, 50));

  it('a damaged row first in the batch: the others still get their reactions; it is logged once, by id', async () => {
    const bad = await staged('secret-plate-1.png');
    const good = await staged('plate-2.png');
    const created = outbox.enqueue({
      type: 'labsheet-create',
      request: { name: 'Extractions', columns: [{ name: 'Extraction ID', type: 'ID' }] },
    });
    corrupt(bad.id, 'payload', '{"type":"file-upload","stagedPath":"/secret/path/secret-plate-1.png"');

    sent([bad.id, good.id, created]);
    await settled();
    expect(existsSync(good.copy)).toBe(false);
    expect(remembered).toEqual(['Extractions']);
    // Its copy cannot be told from an orphan by this version: it stays (the start-up sweep says the same).
    expect(existsSync(bad.copy)).toBe(true);

    // Changed again (discarded by the user after a retry, say): still one line for it.
    outbox.db.prepare(`UPDATE entries SET state = 'failed' WHERE id = ?`).run(bad.id);
    expect(outbox.discard(bad.id)).not.toBeNull();
    const warned = logged.filter((l) => l.level !== 'info');
    expect(warned).toHaveLength(1);
    expect(warned[0]!.fields).toEqual({ id: bad.id, type: 'file-upload' });
    expect(JSON.stringify(logged)).not.toMatch(/secret/);
  });

  it('a row a newer version wrote skips only itself', async () => {
    const newer = await staged('plate-3.png');
    const good = await staged('plate-4.png');
    // A field this version has never heard of, as a newer version may write it.
    const payload = JSON.parse(
      (outbox.db.prepare(`SELECT payload FROM entries WHERE id = ?`).get(newer.id) as { payload: string }).payload,
    ) as Record<string, unknown>;
    corrupt(newer.id, 'payload', JSON.stringify({ ...payload, resumeFrom: 1024 }));
    sent([newer.id, good.id]);
    await settled();
    expect(existsSync(good.copy)).toBe(false);
    expect(existsSync(newer.copy)).toBe(true);
    expect(logged.filter((l) => l.level !== 'info').map((l) => l.fields)).toEqual([
      { id: newer.id, type: 'file-upload' },
    ]);
  });

  it('a damaged stored error does not keep the change from being heard, nor the write from answering', async () => {
    const bad = await staged('plate-5.png');
    const good = await staged('plate-6.png');
    outbox.claim([bad.id, good.id], 'r', 'test');
    outbox.settle([
      { id: bad.id, state: 'failed', error: { kind: 'validation', message: 'x', at: 0 } },
      { id: good.id, state: 'failed', error: { kind: 'validation', message: 'x', at: 0 } },
    ]);
    corrupt(bad.id, 'last_error', '{"kind":"valid');
    const heard: number[] = [];
    offs.push(outbox.events.on('changed', (cs) => heard.push(...cs.map((c) => c.id))));
    // The Outbox offers Discard on such a row ("cannot be read"): it is discarded, and says so. Its copy is
    // kept for the Discard's Undo. The other is retried and sent: its copy goes.
    expect(outbox.discard(bad.id)).not.toBeNull();
    expect(outbox.retry(good.id)).toBe(true);
    sent([good.id]);
    await settled();
    expect(heard[0]).toBe(bad.id);
    expect(heard.at(-1)).toBe(good.id);
    expect(existsSync(bad.copy)).toBe(true);
    expect(existsSync(good.copy)).toBe(false);
  });
});
