import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX_ENTRY_STATES, STAGED_COPY_LOST } from '../../../../shared/ipc/channels/outbox.js';
import { inProcessApi, type InProcess } from '../../../helpers/in-process-api.js';

let env: InProcess | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/** A file dropped on the page, staged and queued through the real app's channels: the entry's id. */
async function queueDropped(e: InProcess, name: string, text: string): Promise<number> {
  const bytes = Buffer.from(text);
  const { stagingId } = await e.call('upload.stageBegin', { name, size: bytes.length });
  await e.call('upload.stageChunk', { stagingId, offset: 0, base64: bytes.toString('base64') });
  const { stagedId } = await e.call('upload.stageFinish', { stagingId });
  return (await e.call('upload.enqueue', { stagedId })).id;
}

/**
 * Main's staged copy of an upload lives in its data folder, under the user's home on a real computer:
 * the page has no use for where, and is never told. The real app in-process, its outbox and sandbox.
 */
describe('Uploads: the staged copy is never named by its path to the page', () => {
  it("the Outbox's list gives no path", async () => {
    env = await inProcessApi();
    const id = await queueDropped(env, 'run-1.csv', 'well,sample\nA1,S-1\n');
    await env.call('outbox.await', { id, timeoutMs: 15_000 });
    const listed = await env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] });
    const entry = listed.find((e) => e.id === id);
    // What the Outbox shows of it is still there.
    expect(entry?.intent).toMatchObject({ type: 'file-upload', fileName: 'run-1.csv', size: 19 });
    // On the old code: "/tmp/benchlink-app-…/staging/<uuid>-run-1.csv".
    expect(JSON.stringify(listed)).not.toContain(env.dataDir);
    expect(entry?.intent).toMatchObject({ stagedPath: expect.not.stringMatching(/[/\\]/) });
  });

  it('nor does the reason an upload whose copy went missing failed', async () => {
    env = await inProcessApi();
    const id = await queueDropped(env, 'run-1.csv', 'well,sample\nA1,S-1\n');
    // Removed before it is sent (a cleaner, a restored backup): the send finds no copy.
    const staging = join(env.dataDir, 'staging');
    for (const f of readdirSync(staging)) rmSync(join(staging, f));
    const { state, error } = await env.call('outbox.await', { id, timeoutMs: 15_000 });
    expect(state).toBe('failed');
    // On the old code: "… the staged copy is missing (ENOENT: no such file or directory, stat '/tmp/…')".
    expect(error?.message).toBe(
      'Cannot upload run-1.csv: the staged copy is missing. Discard it and upload the file again.',
    );
    const listed = await env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] });
    expect(JSON.stringify(listed)).not.toContain(env.dataDir);
    // Nothing can send it again: Retry is refused with why (on the old code it was queued, to fail the same way).
    expect(error?.kind).toBe(STAGED_COPY_LOST);
    const retried = await env.call('outbox.retry', { id });
    expect(retried).toEqual({
      ok: false,
      message:
        "Not retried: the file's staged copy is gone or changed, so nothing can be sent. Discard it and upload the file again.",
    });
    const after = await env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] });
    expect(after.find((e) => e.id === id)?.state).toBe('failed');
  });
});
