import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * Well fill reads a plate; Assign location moves a tube into it and the move is sent on its own (no
 * well change waiting); then Well fill, still on its reading from before the move, changes a well. The
 * move was this computer's: the change goes. A plate another bench changed between the reading and the
 * move still waits for a look. Both screens on the real main in-process; main reaches the real sandbox
 * through the fault proxy.
 */
const openBenches = benchesPerTest();

const PLATE = 'PLT000003'; // PL-0003, 96 wells, empty

async function bench(profile: 'spec' | 'extended') {
  const b = await openBenches(profile);
  const { scan: assign } = b.assignScreen();
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  await b.scan(PLATE); // Well fill's reading of the plate
  return {
    ...b,
    assign,
    /** Assign location moves TB000131 into A5 (reading the plate as it is now), and it is sent. */
    async moveSent() {
      await assign(PLATE);
      await assign('A5');
      await assign('TB000131');
      expect(b.said()).toMatch(/TB000131 → .* A5$/);
      await b.sync();
      const move = (await b.entries()).find((e) => e.intent?.type === 'location-assign' && e.intent.id === 'TB000131');
      expect(move?.state).toBe('done');
    },
    /** Well fill's change of A1, after it was sent (or held). */
    async fillSent() {
      await b.scan('TB000001');
      expect(b.said()).toMatch(/^S-0001 → A1/);
      await b.sync();
      return (await b.entries()).find((e) => e.intent?.type === 'well-set')!;
    },
    onService: (position: string) => b.heldOnService(PLATE, position),
  };
}

describe.each(['spec', 'extended'] as const)(
  'Well fill after this computer moved a tube into the plate (%s)',
  (profile) => {
    it('a change made on the reading from before the move is sent, not held for a look', async () => {
      const b = await bench(profile);
      await b.moveSent();
      const fill = await b.fillSent();
      expect(fill.lastError?.message ?? null).toBeNull();
      expect(fill.state).toBe('done');
      expect(b.onService('A1')).toBe('S-0001');
      expect(b.onService('A5')).toBe('S-0131');
    });

    it('after two moves sent one by one, the change made before both is sent', async () => {
      const b = await bench(profile);
      await b.moveSent();
      await b.assign(PLATE);
      await b.assign('A6');
      await b.assign('TB000132');
      await b.sync();
      const fill = await b.fillSent();
      expect(fill.lastError?.message ?? null).toBeNull();
      expect(fill.state).toBe('done');
      expect(b.onService('A6')).toBe('S-0132');
    });

    it('another bench changed the plate between the reading and the move: the change waits for a look', async () => {
      const b = await bench(profile);
      await b.otherPuts(PLATE, 'H12', 'S-0099');
      // Assign location reads the plate after the other bench's change, and moves a tube into it.
      await b.moveSent();
      const fill = await b.fillSent();
      expect(fill.state).toBe('failed');
      expect(fill.lastError?.message).toMatch(
        /^Needs a look: plate PL-0003 changed on the service since these scans \(.+\)/,
      );
      expect(b.onService('A1')).toBeNull();
    });
  },
);
