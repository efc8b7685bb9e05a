import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A rack file that moves a tube out of a position and puts a new tube there. The service refuses a
 * tube into a position its record still fills, even within one request; the sync holds the new tube
 * until the move out is sent, whoever put the moved tube there (the move keeps the position it
 * leaves). Another bench writes to the sandbox over HTTP, not through main. On the real main
 * in-process and its embedded sandbox (extended answers: it lists a box's wells; demo data: TB000n is
 * the row S-000n), reached through the fault proxy.
 */
const openBenches = benchesPerTest();

const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

/** BOX000001 with `tubes` put in it from this computer (A1 on), sent; then a fresh visit to it. */
async function box(tubes: string[]) {
  const b = await openBenches('extended');
  await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
  const { s } = await b.assignScreenOnFilledBox('BOX000001', tubes);
  const at = (position: string) => b.heldOnService('BOX000001', position);
  return { b, s, at };
}

describe('a rack file that moves a tube out of a position and puts a new tube there', () => {
  it.each([
    ['the same ID type', 'TB000161'],
    ['another ID type', 'S-0161'],
  ])(
    "this computer's tube: the new one (under %s) is saved now and sent after the move, even when the move fails for a moment",
    async (_, newTube) => {
      const { b, s, at } = await box(['TB000160']);
      expect(at('A1')).toBe('S-0160');
      const before = await b.queued();
      expect(await s.rack.importText(csv(`A1,${newTube}`, 'B2,TB000160'))).toEqual({
        text:
          '2 tubes saved from the rack file; 1 tube moved within the box (TB000160 A1 → B2); one of them goes in ' +
          `once the move out of its position is sent (${newTube} into A1 after TB000160 leaves it): the Outbox ` +
          'sends that move first',
        ok: true,
      });
      expect(s.rack.waiting).toEqual([]);
      expect(s.rack.taken).toEqual([]);
      expect(await b.queued()).toBe(before + 2);

      // The move's first send fails for a moment: the new tube is not sent before it (nor with it).
      b.proxy().setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 }, count: 1 }]);
      await b.sync();
      const put = (await b.entries()).find((e) => e.summary.startsWith(`${newTube} →`))!;
      expect(put.state).toBe('pending');
      await b.sync();
      expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
      expect(at('B2')).toBe('S-0160');
      expect(at('A1')).toBe(newTube.replace('TB00', 'S-'));
    },
  );

  it("a chain of this computer's tubes, each into the position the next one leaves: all saved, sent in that order", async () => {
    const { b, s, at } = await box(['TB000124', 'TB000125']);
    expect(await s.rack.importText(csv('A2,TB000124', 'A3,TB000125'))).toEqual({
      text:
        '2 tubes saved from the rack file; 2 tubes moved within the box (TB000125 A2 → A3, TB000124 A1 → A2); one ' +
        'of them goes in once the move out of its position is sent (TB000124 into A2 after TB000125 leaves it): the ' +
        'Outbox sends that move first',
      ok: true,
    });
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    expect([at('A1'), at('A2'), at('A3')]).toEqual([null, 'S-0124', 'S-0125']);
  });

  it.each([
    ['the same ID type', 'TB000161'],
    ['another ID type', 'S-0161'],
  ])(
    "another bench's tube (known only from the service's record): the new one (under %s) is saved now and sent after the move, even when the move fails for a moment",
    async (_, newTube) => {
      const { b, s, at } = await box([]);
      await b.otherAssigns('BOX000001', 'A1', 'S-0160');
      await b.assignScreen().scan('BOX000001');
      const before = await b.queued();
      expect(await s.rack.importText(csv(`A1,${newTube}`, 'B2,TB000160'))).toEqual({
        text:
          '2 tubes saved from the rack file; 1 tube moved within the box (TB000160 A1 → B2); one of them goes in ' +
          `once the move out of its position is sent (${newTube} into A1 after S-0160 leaves it): the Outbox ` +
          'sends that move first',
        ok: true,
      });
      expect(s.rack.waiting).toEqual([]);
      expect(s.rack.taken).toEqual([]);
      expect(s.rescan).toEqual([]);
      expect(await b.queued()).toBe(before + 2);

      // The move's first send fails for a moment: the new tube is not sent before it (nor with it), and
      // the Outbox says what it waits for.
      const forwarded = () => b.proxy().requests.filter((r) => r.path === '/labsheets/assign-location');
      const sentBefore = forwarded().length;
      b.proxy().setFaults([{ path: '/labsheets/assign-location', fault: { kind: 'status', status: 503 }, count: 1 }]);
      await b.sync();
      const listed = await b.entries();
      const move = listed.find((e) => e.summary.startsWith('TB000160 →'))!;
      const put = listed.find((e) => e.summary.startsWith(`${newTube} →`))!;
      expect(put.state).toBe('pending');
      expect(move.state).toBe('pending');
      await b.sync();
      expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
      expect(at('B2')).toBe('S-0160');
      expect(at('A1')).toBe(newTube.replace('TB00', 'S-'));
      // The move went alone before the new tube (the sandbox refuses A1 while its record still fills it).
      expect(forwarded().length - sentBefore).toBe(3);
    },
  );

  it.each([
    [
      "another bench's tube",
      async () => {
        const { b, at } = await box([]);
        await b.otherAssigns('BOX000001', 'A1', 'S-0160');
        const { s, scan } = b.assignScreen();
        await scan('BOX000001');
        return { b, s, scan, at };
      },
    ],
    [
      "this computer's tube",
      async () => {
        const b = await openBenches('extended');
        await b.env.call('cache.sampleIndex', { labsheet: b.s.labsheet });
        const { s, scan } = await b.assignScreenOnFilledBox('BOX000001', ['TB000160']);
        return { b, s, scan, at: (position: string) => b.heldOnService('BOX000001', position) };
      },
    ],
  ])(
    'a misread where the file moves %s away: listed to rescan, and the tube scanned there goes after the move',
    async (_, open) => {
      const { b, s, scan, at } = await open();
      expect(await s.rack.importText(csv('A1,NOREAD', 'B2,TB000160'))).toEqual({
        text: '1 tube saved from the rack file; 1 tube moved within the box (TB000160 A1 → B2); 1 position to rescan: A1',
        ok: false,
      });
      expect(s.rescan).toEqual(['A1']);
      await scan('TB000161');
      expect(b.said()).toMatch(/^TB000161 → BX-0001 .* A1$/);
      const sent = () => b.proxy().requests.filter((r) => r.path === '/labsheets/assign-location');
      const before = sent().length;
      await b.sync();
      // The move alone, then the tube: never together, which the service refuses (409) before splitting.
      expect(
        sent()
          .slice(before)
          .map((r) => r.status),
      ).toEqual([200, 200]);
      expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
      expect(at('B2')).toBe('S-0160');
      expect(at('A1')).toBe('S-0161');
    },
  );
});
