import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Feedback } from '../../../../../renderer/lib/feedback/feedback.svelte.js';
import { notRecorded } from '../../../../../renderer/lib/ipc/client.js';
import { OutboxState } from '../../../../../renderer/lib/outbox/outbox-state.svelte.js';
import { AssignState } from '../../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
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
 * A tube's move that this computer could not write (another process holds the outbox locked) names the
 * tube and its position, not "The scan"; the box stays open on that position, so the same scan lands there.
 */
it('Assign location: a move that could not be written names the tube; the same scan then places it', async () => {
  const s = new AssignState(env.api, feedback, outbox, LOCAL_SANDBOX);
  s.start();
  const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
  await scan('BOX000001');
  expect(s.targetPosition()).toBe('A1');
  const locker = new Database(join(env.dataDir, 'outbox.db'));
  locker.exec('BEGIN EXCLUSIVE');
  // What the scan hub shows for a scan its screen could not save.
  const said = await scan('TB000100').then(() => null, notRecorded);
  locker.exec('COMMIT');
  locker.close();
  expect(said).toBe(
    'NOT RECORDED: The move of TB000100 to A1 was not saved: the database is locked by another process ' +
      '(SQLITE_BUSY). Close a second copy of Benchlink or a backup tool if one is open, or wait a moment, then try again.',
  );
  expect(s.assignments).toEqual([]);
  expect(s.targetPosition()).toBe('A1');
  await scan('TB000100');
  expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000100@A1']);
  s.stop();
}, 60_000);
