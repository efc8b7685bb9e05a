import { describe, expect, it } from 'vitest';
import { tagWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { OUTBOX_ENTRY_STATES } from '../../../../../shared/ipc/channels/outbox.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Well fill's undo and redo meet this computer's own changes: a tube moved on Assign location, an edit
 * half sent. What they refuse is said as it happened (never "another bench" for this computer's own
 * change), and an undo that could do only part of its work leaves a history that is still true. Well
 * fill and Assign location on the real main in-process; main reaches the real sandbox through the fault
 * proxy.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

async function bench(profile: 'spec' | 'extended') {
  const b = await openBenches(profile);
  const { scan: assign } = b.assignScreen();
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  await assign(PLATE);
  await b.scan(PLATE);
  return {
    ...b,
    assign,
    /** Every entry of the service in use, in every state (the Outbox lists no other service's). */
    entries: () => b.env.call('outbox.list', { states: [...OUTBOX_ENTRY_STATES] }),
    /** The service is unreachable: nothing answers, what is queued stays queued. */
    away: () => b.proxy().setFaults([{ fault: { kind: 'reset-before' } }]),
    /** The service fails every move (a 5xx): moves wait out their backoff, well changes go. */
    movesFail: () =>
      b.proxy().setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 } }]),
    useService: (mode: 'v2' | 'legacy') => b.env.call('settings.set', { connection: { kind: 'local-sandbox', mode } }),
  };
}

describe.each(['spec', 'extended'] as const)(
  "Well fill's undo and redo meet this computer's own changes (%s)",
  (profile) => {
    it('a redo refused over a tube moved on Assign location says so, not "another bench"', async () => {
      const b = await bench(profile);
      b.away();
      await b.scan('TB000001');
      expect(await b.s.undo()).toBe('S-0001 → A1');
      expect(b.s.wells['A1']).toMatchObject({ sample: null });
      // Meanwhile, on Assign location, a tube goes into A1.
      await b.assign('A1');
      await b.assign('TB000131');
      await b.s.refresh();
      expect(b.s.wells['A1']).toMatchObject({ sample: 'TB000131', assigned: true });

      const refused = b.s.redo();
      await expect(refused).rejects.toThrow(/A1 now holds TB000131, put there on Assign location on this computer/);
      await expect(refused).rejects.not.toThrow(/another bench/);
      expect(b.s.canRedo).toBe(true);
    });

    it('an undo that cancelled part of an edit but could not queue the rest: what it cancelled leaves the history', async () => {
      const b = await bench(profile);
      b.movesFail();
      await b.assign('A2');
      await b.assign('TB000131');
      await b.s.refresh();
      expect(b.s.wells['A2']).toMatchObject({ sample: 'TB000131', assigned: true });
      // One edit of two wells; A1's change is sent, A2's waits for the move into A2 (which the service fails).
      await tagWells(b.s, ['A1', 'A2'], 'spun');
      await b.sync();
      const tagged = (await b.entries()).filter((e) => e.intent?.type === 'well-set');
      expect(tagged.map((e) => [e.intent?.type === 'well-set' && e.intent.position, e.state])).toEqual([
        ['A1', 'done'],
        ['A2', 'pending'],
      ]);

      // The connection changed meanwhile: main refuses to queue A1's opposite change for it.
      await b.useService('legacy');
      const said = await b.s.undo().then(
        () => 'undone',
        (err: Error) => err.message,
      );
      // Read by id: the Outbox's list holds the service in use's entries, and this one is the other's now.
      expect((await b.env.call('outbox.await', { id: tagged[1]!.id, timeoutMs: 0 })).state).toBe('cancelled');
      expect(b.s.wells['A2']).toMatchObject({ sample: 'TB000131', tags: [] });
      expect(b.s.canUndo).toBe(true);

      // Back on the service: Undo takes back A1 only; A2's change, cancelled, is not reversed again (it
      // used to be refused: "A2 now holds TB000131, changed since at another bench").
      await b.useService('v2');
      expect(await b.s.undo()).toBe('tags spun');
      const pending = (await b.entries()).filter((e) => e.state === 'pending' && e.intent?.type !== 'location-assign');
      expect(pending.map((e) => e.intent)).toEqual([expect.objectContaining({ type: 'well-remove', position: 'A1' })]);
      expect(b.s.canUndo).toBe(false);
      // The user was told what was undone and what was not, and why.
      expect(said).toMatch(
        /^"tags spun" only partly undone: A2 taken back \(not sent yet\); A1 not undone, its opposite change was not recorded: .*connection is now/,
      );
    });
  },
);
