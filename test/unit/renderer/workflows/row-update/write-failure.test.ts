import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Feedback } from '../../../../../renderer/lib/feedback/feedback.svelte.js';
import { notRecorded } from '../../../../../renderer/lib/ipc/client.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { RowState } from '../../../../../renderer/workflows/row-update/row-state.svelte.js';
import { handleRowScan } from '../../../../../renderer/workflows/row-update/row-scans.js';
import { inProcessApi, LOCAL_SANDBOX, type InProcess } from '../../../../helpers/in-process-api.js';

let env: InProcess;
let outbox: OutboxState;
const feedback = new Feedback();
feedback.tones.enabled = false;
beforeAll(async () => {
  env = await inProcessApi();
  outbox = new OutboxState(env.api);
  await outbox.start();
});
afterAll(async () => {
  outbox.stop();
  await env.close();
});

/**
 * A row's save that this computer could not write (another process holds the outbox locked) names the
 * row it did not save, not "The scan", and the edit stays in its fields, so Save works once it can.
 */
it('Row update: a save that could not be written names the row, and the edit stays for the next Save', async () => {
  const s = new RowState(env.api, feedback, outbox, LOCAL_SANDBOX);
  s.start();
  await handleRowScan(s, { text: 'TB000007', source: 'field', mainAt: null });
  s.draft['Notes'] = 'spun down';
  const locker = new Database(join(env.dataDir, 'outbox.db'));
  locker.exec('BEGIN EXCLUSIVE');
  // What RowUpdateScreen's save shows.
  const said = await s.saveRow().then(() => null, notRecorded);
  locker.exec('COMMIT');
  locker.close();
  expect(said).toBe(
    `NOT RECORDED: The update of S-0007 in ${s.labsheet} was not saved: the database is locked by another process ` +
      '(SQLITE_BUSY). Close a second copy of Benchlink or a backup tool if one is open, or wait a moment, then try again.',
  );
  expect(s.changes).toEqual({ Notes: 'spun down' });
  expect(await s.saveRow()).toBe(1);
  s.stop();
}, 60_000);
