import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { UploadState } from '../../../../../renderer/workflows/upload/upload-state.svelte.js';
import { LOCAL_SANDBOX } from '../../../../helpers/in-process-api.js';
import { lockOutbox } from '../../../../helpers/locked-outbox.js';
import { pageOnMain } from '../../../../helpers/page-on-main.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * A file whose queueing failed on this computer (the outbox could not be written: here another
 * process holds its database locked, as a backup tool or a second copy might) can be queued again
 * from the copy main still holds; before, its ticket was spent by the failed attempt and the copy
 * sat unreachable until a restart.
 */
async function uploadScreen() {
  const page = await pageOnMain();
  cleanups.push(() => page.close());
  const s = new UploadState(page.env.api, page.outbox, LOCAL_SANDBOX);
  s.start();
  cleanups.push(() => s.stop());
  return { dataDir: page.env.dataDir, env: page.env, s };
}

/** Adds a file while another process holds the outbox locked: its queueing fails on this computer. */
async function notQueued(dataDir: string, s: UploadState) {
  const release = lockOutbox(dataDir);
  await s.addFiles([new File(['well,sample\nA1,S-1\n'], 'plate.csv')]);
  const item = s.items[0]!;
  expect(item.phase).toBe('failed');
  // Said once, by main: the file by its name (not "the scan"), why, that nothing was sent, and what to do.
  expect(item.message).toBe(
    'plate.csv was not queued: the database is locked by another process (SQLITE_BUSY). Nothing was sent; ' +
      'queue the file again when you have closed a second copy of Benchlink or a backup tool, or in a moment.',
  );
  expect(item.requeue).not.toBeNull();
  return { item, release };
}

it('a file not queued because the outbox could not be written is queued again from the same copy', async () => {
  const { dataDir, env, s } = await uploadScreen();
  const { item, release } = await notQueued(dataDir, s);

  release();
  await s.queueAgain(item);
  expect(item.phase).toBe('queued');
  expect(item.entryId).not.toBeNull();
  const entry = (await env.call('outbox.list', {})).find((e) => e.id === item.entryId);
  expect(entry?.intent).toMatchObject({ type: 'file-upload', fileName: 'plate.csv' });
  // One copy, the one staged first: queueing again made no second.
  const staging = join(dataDir, 'staging');
  expect(existsSync(staging) ? readdirSync(staging).filter((f) => !f.endsWith('.partial')) : []).toHaveLength(1);
}, 30_000);

it('"Queue again" clicked twice while main answers the first queues the file once, and the row says queued', async () => {
  const { dataDir, env, s } = await uploadScreen();
  const { item, release } = await notQueued(dataDir, s);
  release();
  await Promise.all([s.queueAgain(item), s.queueAgain(item)]);
  const uploads = (await env.call('outbox.list', {})).filter((e) => e.type === 'file-upload');
  expect(uploads).toHaveLength(1);
  expect([item.phase, item.entryId, item.message]).toEqual(['queued', uploads[0]!.id, null]);
}, 30_000);

it('"Visible to the whole organisation" goes with each file as the box said when it was added', async () => {
  const { env, s } = await uploadScreen();
  const big = new File([new Uint8Array(4 * 1024 * 1024)], 'patient-gel.pdf');
  const small = new File(['a,b\n'], 'private-notes.csv');
  const adding = s.addFiles([big, small]);
  // Ticked for the next drop while the first file is still being copied.
  await vi.waitFor(() => expect(s.items[0]!.staged).toBeGreaterThan(0));
  s.isGlobal = true;
  await adding;
  await s.addFiles([new File(['x'], 'for-everyone.txt')]);
  const byName = new Map(
    (await env.call('outbox.list', {})).flatMap((e) =>
      e.intent?.type === 'file-upload' ? [[e.intent.fileName, e.intent.isGlobal] as const] : [],
    ),
  );
  expect(Object.fromEntries(byName)).toEqual({
    'patient-gel.pdf': false,
    'private-notes.csv': false,
    'for-everyone.txt': true,
  });
  expect(s.items.map((i) => i.isGlobal)).toEqual([false, false, true]);
}, 30_000);

/**
 * Main answers a spent ticket with its own code ('expired'), a failed write with 'failed': the page
 * decides by the code, not by the words of the message, whether "Queue again" can still work.
 */
it('a file whose copy main no longer holds is not offered "Queue again"; a failed write still is', async () => {
  const { dataDir, env, s } = await uploadScreen();
  const { item, release } = await notQueued(dataDir, s);
  const failedWrite = await env.api.invoke('upload.enqueue', { stagedId: item.requeue! });
  expect(failedWrite.ok ? null : failedWrite.error.code).toBe('failed');
  release();

  // The ticket is spent meanwhile (queued from another page of the same browser host).
  expect((await env.api.invoke('upload.enqueue', { stagedId: item.requeue! })).ok).toBe(true);
  await s.queueAgain(item);
  expect(item.phase).toBe('failed');
  expect(item.message).toMatch(/^Not queued: That file is no longer waiting to be queued/);
  expect(item.requeue).toBeNull();
}, 30_000);
