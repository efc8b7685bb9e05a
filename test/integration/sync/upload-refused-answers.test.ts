import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageFile, uploadIntent } from '../../../main/staging/index.js';
import { stackPerTest } from './stack.js';

/**
 * A file's result as the spec's wording allows it (fileName, fileId, ticketId, status, message; no status
 * values named). On the old code only "REJECTED" exactly was a refusal, and a refused file's result with
 * no file id (nothing stored) made the whole answer unreadable, so the upload settled done: shown as sent.
 * The real sandbox behind the fault proxy, which puts these answers in its place.
 */
describe('an upload the service answers as not stored', () => {
  const { stack: s, dir } = stackPerTest('upload-refused-');

  async function sendWith(result: Record<string, unknown>) {
    const src = path.join(dir(), 'run.csv');
    fs.writeFileSync(src, 'a,b\n1,2\n');
    const staged = await stageFile(src, path.join(dir(), 'staging'), 'run.csv');
    const body = JSON.stringify([{ fileName: 'run.csv', ...result }]);
    s.proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'replace', body }, count: 1 }]);
    const id = s.outbox.enqueue(uploadIntent(staged, 'run.csv'));
    await s.engine.syncNow();
    return s.outbox.get(id)!;
  }

  it.each([
    [{ fileId: 'f-1', ticketId: 't-1', status: 'rejected', message: 'unsupported' }, 'Rejected: unsupported'],
    [
      { fileId: 'f-1', ticketId: 't-1', status: 'FAILED', message: 'storage error' },
      'Rejected (FAILED): storage error',
    ],
    [{ status: 'REJECTED', message: 'too large' }, 'Rejected: too large'],
    [{ fileId: null, ticketId: null, status: 'REJECTED', message: 'too large' }, 'Rejected: too large'],
  ])('%j fails with the service’s words', async (result, said) => {
    const e = await sendWith(result);
    expect(e.state).toBe('failed');
    expect(e.lastError).toMatchObject({ kind: 'rejected', message: said });
  });

  it('a stored file whose result names no file id is done, its result kept as the service gave it', async () => {
    const e = await sendWith({ ticketId: 't-9', status: 'QUEUED', message: 'ok' });
    expect(e.state).toBe('done');
    expect(e.result).toMatchObject({ status: 'QUEUED', ticketId: 't-9' });
  });
});
