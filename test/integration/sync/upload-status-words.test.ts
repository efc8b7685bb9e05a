import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageFile, uploadIntent } from '../../../main/staging/index.js';
import { NO_FILE_RESULT } from '../../../shared/ipc/channels/outbox.js';
import { stackPerTest } from './stack.js';

/**
 * The spec names no status values for a stored file. On the old code only the whole status
 * rejected|failed|failure|error was a refusal: UPLOAD_FAILED, "Failed to store", ERROR_STORAGE and
 * NOT_STORED all settled the upload done, and its staged copy (the only bytes left to send again) was
 * removed. A status the app does not know, with no file id, says nothing either way: unsure, not sent.
 * The real sandbox behind the fault proxy, which puts each answer in its place.
 */
describe('an upload whose status says in its own words that the file was not stored', () => {
  const { stack: s, dir } = stackPerTest('upload-status-words-');

  async function sendWith(result: Record<string, unknown>) {
    const src = path.join(dir(), 'run.csv');
    fs.writeFileSync(src, 'a,b\n1,2\n');
    const staged = await stageFile(src, path.join(dir(), 'staging'), 'run.csv');
    const body = JSON.stringify([{ fileName: 'run.csv', ...result }]);
    s.proxy.setFaults([{ path: '/files/store-and-embed', fault: { kind: 'replace', body }, count: 1 }]);
    const id = s.outbox.enqueue(uploadIntent(staged, 'run.csv'));
    await s.engine.syncNow();
    return { entry: s.outbox.get(id)!, stagedPath: staged.stagedPath };
  }

  it.each([
    { fileId: 'f-1', status: 'UPLOAD_FAILED', message: 'disk full' },
    { status: 'Failed to store', message: 'disk full' },
    { fileId: null, status: 'ERROR_STORAGE' },
    { status: 'NOT_STORED' },
    { status: 'notStored' },
    { status: 'not stored' },
    { fileId: 'f-1', status: 'StorageError' },
    { status: 'INVALID_FILE' },
    { status: 'ACCESS_DENIED' },
    { status: 'rejected_by_policy' },
    { status: 'FILE_TYPE_NOT_ALLOWED', message: 'File type not allowed' },
    { status: 'Disallowed' },
  ])('%j fails as refused, and its staged copy stays', async (result) => {
    const { entry, stagedPath } = await sendWith(result);
    expect(entry.state).toBe('failed');
    expect(entry.lastError).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining(String(result.status)),
    });
    expect(fs.existsSync(stagedPath)).toBe(true);
  });

  it.each([
    { status: 'PARKED' },
    { status: 'SKIPPED', fileId: null, message: 'later' },
    { status: '' },
    // A status the spec calls a string, sent null or left out: on the old code the whole answer was
    // unreadable, and an unreadable answer to an upload is "accepted": shown as sent, its staged copy gone.
    { status: null, fileId: null, ticketId: null, message: 'File type not allowed' },
    { message: 'no status at all' },
  ])('%j (a status neither stored nor refused, no file id) is unsure, and its staged copy stays', async (result) => {
    const { entry, stagedPath } = await sendWith(result);
    expect(entry.state).toBe('uncertain');
    expect(entry.lastError).toMatchObject({ kind: NO_FILE_RESULT });
    expect(entry.lastError?.message).toContain('It arrived');
    expect(fs.existsSync(stagedPath)).toBe(true);
  });

  it.each([
    { status: 'QUEUED' },
    { status: 'queued' },
    { status: 'STORED' },
    { status: 'Stored and queued for embedding' },
    { status: 'STORED_NOT_EMBEDDED' },
    { status: 'SUCCESS' },
    { status: 'ok' },
    { status: 'UPLOADED' },
    { status: 'COMPLETED' },
    { status: 'PARKED', fileId: 'f-7' },
    { status: 'NOT_EMBEDDED', fileId: 'f-7' },
    { status: 'DUPLICATE', fileId: 'f-7' },
    { status: null, fileId: 'f-8' },
  ])('%j is stored: done', async (result) => {
    const { entry } = await sendWith({ ticketId: 't-9', ...result });
    expect(entry.state).toBe('done');
    expect(entry.result).toMatchObject({ status: result.status ?? '' });
  });
});
