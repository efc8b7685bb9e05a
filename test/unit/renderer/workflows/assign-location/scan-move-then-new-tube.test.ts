import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube moved within its box by scanning its new position, then the tube; then a new tube scanned
 * into the position it left. The move keeps the position it leaves (its `from`), as a rack file's
 * does: the box frees that position while the move waits, and the sync holds the new tube until the
 * move out is sent (the service refuses a tube into a position its record still fills). On the old
 * code the tube was refused as a duplicate. Another bench writes to the sandbox over HTTP, not through
 * main. On the real main in-process and its embedded sandbox (extended answers: it lists a box's
 * wells; demo data: TB000n is the row S-000n), reached through the fault proxy.
 */
const openBenches = benchesPerTest();

const BOX = 'BOX000001'; // BX-0001, 9 × 9
const ASSIGN = '/labsheets/assign-location';

describe('a tube moved within its box by scans, and a new tube into the position it left', () => {
  it.each([
    ['the same ID type', 'TB000161'],
    ['another ID type', 'S-0161'],
  ])(
    "another bench's tube moved by scan: the new one (under %s) is offered the freed position, saved, and sent after the move, even when the move fails for a moment",
    async (_, newTube) => {
      const b = await openBenches('extended');
      await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
      await b.otherAssigns(BOX, 'A1', 'S-0160');
      const { s, scan } = b.assignScreen();
      await scan(BOX);
      expect(s.targetPosition()).toBe('A2');

      await scan('B3');
      await scan('TB000160');
      expect(b.said()).toBe('Moved TB000160 (S-0160) from A1 to B3');
      expect(s.assignments.map((a) => [a.id, a.position, a.from])).toEqual([['TB000160', 'B3', 'A1']]);
      // The box frees A1 while the move waits: the next free position again, as the rule has it.
      expect(s.isTaken('A1')).toBe(false);
      expect(s.holderOf('A1')).toBeNull();
      expect(s.whereIs('TB000160', null)?.position).toBe('B3');
      expect(s.targetPosition()).toBe('A1');

      await scan(newTube);
      expect(b.said()).toMatch(new RegExp(`^${newTube} → BX-0001 .* A1$`));

      // The move's first send fails for a moment: the new tube is not sent before it (nor with it).
      const forwarded = () => b.proxy().requests.filter((r) => r.path === ASSIGN);
      const sentBefore = forwarded().length;
      b.proxy().setFaults([{ path: ASSIGN, fault: { kind: 'status', status: 503 }, count: 1 }]);
      await b.sync();
      const listed = await b.entries();
      const move = listed.find((e) => e.summary.startsWith('TB000160 →'))!;
      const put = listed.find((e) => e.summary.startsWith(`${newTube} →`))!;
      expect(move.state).toBe('pending');
      expect(put.state).toBe('pending');

      await b.sync();
      expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
      expect([b.heldOnService(BOX, 'A1'), b.heldOnService(BOX, 'B3')]).toEqual([
        newTube.replace('TB00', 'S-'),
        'S-0160',
      ]);
      // The move went alone before the new tube (the sandbox refuses A1 while its record still fills it).
      expect(forwarded().length - sentBefore).toBe(3);

      const again = b.assignScreen();
      await again.scan(BOX);
      expect(again.s.whereIs('TB000160', null)?.position).toBe('B3');
      expect(again.s.holderOf('A1')).toBe(newTube);
    },
  );
});
