import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageFile, uploadIntent } from '../../../main/staging/index.js';
import { stackPerTest } from './stack.js';

/**
 * A refused upload discarded by mistake, then put back with the Discard's Undo and retried: on the old
 * code its staged copy went with the discard, so the Undo refused it ("upload the file again"). Now the
 * copy is kept for the day the Undo can put it back, and the retry sends the same bytes. The real
 * sandbox behind the fault proxy, the real sync engine, outbox and staging folder.
 */
describe('a discarded upload put back', () => {
  const { stack: s, dir } = stackPerTest('discarded-upload-back-');

  it('is sent from the same bytes once retried', async () => {
    const bytes = 'well,od\nA1,0.52\n';
    const src = path.join(dir(), 'reader.csv');
    fs.writeFileSync(src, bytes);
    const staged = await stageFile(src, path.join(dir(), 'staging'), 'reader.csv');
    // The service refuses it once, in its own words.
    const refusal = JSON.stringify([{ fileName: 'reader.csv', status: 'NOT_STORED', message: 'quota' }]);
    s.proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'replace', body: refusal }, count: 1 }]);
    const id = s.outbox.enqueue(uploadIntent(staged, 'reader.csv'));
    await s.engine.syncNow();
    expect(s.outbox.get(id)).toMatchObject({ state: 'failed', lastError: { kind: 'rejected' } });

    const d = s.outbox.discardMany([id]);
    expect(d.discarded).toEqual([id]);
    // The copy-removal listener has had its turn.
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(staged.stagedPath)).toBe(true);

    expect(s.outbox.undoDiscard(d.mark!).restored).toEqual([id]);
    expect(s.outbox.retry(id)).toBe(true);
    await s.engine.syncNow();
    expect(s.outbox.get(id)!.state).toBe('done');
    // The proxy let the first request through (only its answer was replaced): the retry is the second.
    const stored = s.sandbox.store.uploads.list().filter((u) => u.fileName === 'reader.csv');
    expect(stored).toHaveLength(2);
    expect(stored[1]!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    // Sent, its copy goes.
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(staged.stagedPath)).toBe(false);
  }, 30_000);
});
