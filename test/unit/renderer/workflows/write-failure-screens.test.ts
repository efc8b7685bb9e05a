import { expect, it } from 'vitest';
import { notRecorded } from '../../../../renderer/lib/ipc/client.js';
import { AssignState } from '../../../../renderer/workflows/assign-location/assign-state.svelte.js';
import { handleAssignScan } from '../../../../renderer/workflows/assign-location/assign-scans.js';
import { RowState } from '../../../../renderer/workflows/row-update/row-state.svelte.js';
import { handleRowScan } from '../../../../renderer/workflows/row-update/row-scans.js';
import { LOCAL_SANDBOX } from '../../../helpers/in-process-api.js';
import { whileOutboxLocked } from '../../../helpers/locked-outbox.js';
import { pageOnMainForSuite } from '../../../helpers/page-on-main.js';

/**
 * A change this computer could not write (another process holds the outbox locked) names what was not
 * saved, not "The scan", with the reason and what to do; the screen keeps the user's input, so the
 * same step works once the outbox can be written. Real main and sandbox in this process.
 */
const page = pageOnMainForSuite();

const LOCKED =
  'was not saved: the database is locked by another process (SQLITE_BUSY). Close a second copy of Benchlink or a ' +
  'backup tool if one is open, or wait a moment, then try again.';

it('Assign location: a move that could not be written names the tube; the same scan then places it', async () => {
  const s = new AssignState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
  s.start();
  const scan = (text: string) => handleAssignScan(s, { text, source: 'field', mainAt: null });
  await scan('BOX000001');
  expect(s.targetPosition()).toBe('A1');
  // What the scan hub shows for a scan its screen could not save.
  const said = await whileOutboxLocked(page.env.dataDir, () => scan('TB000100').then(() => null, notRecorded));
  expect(said).toBe(`NOT RECORDED: The move of TB000100 to A1 ${LOCKED}`);
  expect(s.assignments).toEqual([]);
  expect(s.targetPosition()).toBe('A1');
  await scan('TB000100');
  expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000100@A1']);
  s.stop();
}, 60_000);

it('Row update: a save that could not be written names the row, and the edit stays for the next Save', async () => {
  const s = new RowState(page.env.api, page.feedback, page.outbox, LOCAL_SANDBOX);
  s.start();
  await handleRowScan(s, { text: 'TB000007', source: 'field', mainAt: null });
  s.draft['Notes'] = 'spun down';
  // What RowUpdateScreen's save shows.
  const said = await whileOutboxLocked(page.env.dataDir, () => s.saveRow().then(() => null, notRecorded));
  expect(said).toBe(`NOT RECORDED: The update of S-0007 in ${s.labsheet} ${LOCKED}`);
  expect(s.changes).toEqual({ Notes: 'spun down' });
  expect(await s.saveRow()).toBe(1);
  s.stop();
}, 60_000);
