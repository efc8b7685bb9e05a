import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageFile, uploadIntent } from '../../../main/staging/index.js';
import { stackPerTest, until } from './stack.js';
import { shownError, shownErrorLine } from '../../../shared/outbox-words/shown-error.js';
import { shownState, STATE_SAID } from '../../../shared/outbox-words/shown-state.js';
import { toOutboxError } from '../../../main/outbox/shown-error.js';
import { STAGED_COPY_LOST } from '../../../shared/ipc/channels/outbox.js';
import { RECORD_FILE_SOURCE } from '../../../shared/outbox/intents.js';

describe('uploads survive offline; asynchronous creates are followed', () => {
  const { stack: s, dir } = stackPerTest('uploads-it-');

  it('a staged upload is sent from our copy even after the original vanished, then the copy is removed', async () => {
    const original = path.join(dir(), 'gel.png');
    fs.writeFileSync(original, Buffer.alloc(50_000, 7));
    const staged = await stageFile(original, path.join(dir(), 'staging'), 'gel.png');
    expect(staged.size).toBe(50_000);
    fs.rmSync(original);
    s.proxy.setFaults([{ fault: { kind: 'reset-before' } }]);
    const id = s.outbox.enqueue(uploadIntent(staged, 'gel.png'));
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    const e = s.outbox.get(id)!;
    expect(e.state).toBe('done');
    expect(e.result).toMatchObject({ fileName: 'gel.png', status: 'QUEUED' });
    await until(() => !fs.existsSync(staged.stagedPath), 2_000, 'staged copy removed');
    expect(s.sandbox.store.uploads.list().map((u) => u.fileName)).toEqual(['gel.png']);
  });

  it('an upload whose answer was lost is uncertain and keeps its staged copy for the user to decide', async () => {
    // Staged from a stream, as the browser host hands dropped bytes over.
    const staged = await stageFile(
      fs.createReadStream(writeTemp(dir(), 'plate.csv', 'a,b\n1,2\n')),
      path.join(dir(), 'staging'),
      'plate.csv',
    );
    s.proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'reset-after' }, count: 1 }]);
    const id = s.outbox.enqueue(uploadIntent(staged, 'plate.csv'));
    await s.engine.syncNow();
    expect(s.outbox.get(id)!.state).toBe('uncertain');
    expect(fs.existsSync(staged.stagedPath)).toBe(true);
    await s.engine.syncNow();
    expect(s.forwarded('/files/store-and-embed')).toBe(1);
    // The user checks and confirms it arrived: only then does our copy go.
    s.engine.start();
    expect(s.outbox.confirmDone(id)).toBe(true);
    await until(() => !fs.existsSync(staged.stagedPath), 2_000, 'staged copy removed');
  });

  it('an upload answered with no result for its file is unsure, not refused, and is not sent again by itself', async () => {
    const staged = await stageFile(writeTemp(dir(), 'run.csv', 'a,b\n1,2\n'), path.join(dir(), 'staging'), 'run.csv');
    // The service takes the file and stores it, but its answer lists no result for it.
    s.proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'replace', body: '[]' }, count: 1 }]);
    const id = s.outbox.enqueue(uploadIntent(staged, 'run.csv'));
    await s.engine.syncNow();
    const e = s.outbox.get(id)!;
    expect(e.state).toBe('uncertain');
    expect(s.sandbox.store.uploads.list().map((u) => u.fileName)).toEqual(['run.csv']);
    const error = toOutboxError(e.lastError!);
    expect(STATE_SAID[shownState(e.state, error)]).toBe('Unsure whether it arrived');
    expect(shownErrorLine(shownError(error))).toBe(
      'The service answered, but its answer named no result for this file, so it may have stored it or not. ' +
        'Look for the file among the files on the service before sending it again: if it is there, choose ' +
        '"It arrived"; if it is not, "Send again".',
    );
    // It waits for the user: another sync sends nothing, and the staged copy stays for "Send again".
    s.proxy.setFaults([]);
    await s.engine.syncNow();
    expect(s.forwarded('/files/store-and-embed')).toBe(1);
    expect(s.outbox.get(id)!.state).toBe('uncertain');
    expect(fs.existsSync(staged.stagedPath)).toBe(true);
  });

  it('a staged copy that was tampered with fails with a clear reason instead of uploading other bytes', async () => {
    const staged = await stageFile(writeTemp(dir(), 'notes.txt', 'hello'), path.join(dir(), 'staging'), 'notes.txt');
    fs.writeFileSync(staged.stagedPath, 'HELLO');
    const id = s.outbox.enqueue(uploadIntent(staged, 'notes.txt'));
    await s.engine.syncNow();
    // Another file's bytes now: nothing can send the one picked, so no Retry (its reason says upload it again).
    expect(s.outbox.get(id)!).toMatchObject({
      state: 'failed',
      lastError: { kind: STAGED_COPY_LOST, message: expect.stringMatching(/checksum.*upload the file again/) },
    });
    expect(s.forwarded('/files/store-and-embed')).toBe(0);
  });

  it("a plate record's file whose staged copy changed says to file the record again: it has no file to upload by hand", async () => {
    const staged = await stageFile(
      writeTemp(dir(), 'PLATE_PL-0001.png', 'png'),
      path.join(dir(), 'staging'),
      'PLATE_PL-0001.png',
    );
    fs.writeFileSync(staged.stagedPath, 'PNG');
    const id = s.outbox.enqueue(uploadIntent(staged, 'PLATE_PL-0001.png', { fileSource: RECORD_FILE_SOURCE }));
    await s.engine.syncNow();
    const said = /file the plate record again \(Well fill → Plate completed\)/;
    expect(s.outbox.get(id)!.lastError?.message).toMatch(said);
    expect(s.outbox.get(id)!.lastError?.message).not.toMatch(/upload the file again/);
    // Retry is refused in the same words.
    expect(s.engine.retry(id)).toBe(false);
    expect(s.outbox.retryRefusal(id)).toMatch(said);
  });

  it('location-create is sent once and its created uuids are kept on the entry', async () => {
    const id = s.outbox.enqueue({
      type: 'location-create',
      request: { locations: [{ name: 'Rack 9', parent: 'Freezer -80 A' }] },
    });
    await s.engine.syncNow();
    await until(
      () => Array.isArray((s.outbox.get(id)!.result as { created?: unknown[] } | null)?.created),
      5_000,
      'location status followed',
    );
    const created = (s.outbox.get(id)!.result as { created: { name: string; uuid: string }[] }).created;
    expect(created).toEqual([expect.objectContaining({ name: 'Rack 9' })]);
    expect(s.forwarded('/location/create')).toBe(1);
  });
});

function writeTemp(dir: string, name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}
