import { describe, expect, it } from 'vitest';
import type { BenchlinkApi } from '../../../../../shared/ipc/api.js';
import { answerGuard, dismissGuard } from '../../../../../renderer/lib/question/question.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A tube the labsheet has no row for, scanned on Assign location, is asked about as Well fill asks
 * ("Use it anyway?") before anything is queued: queued unasked, the service refused it minutes later in
 * the Outbox (no such row), when the bench had moved on. On the real main in-process and its embedded
 * sandbox (demo data: TB000n is the row S-000n; TB99999n are no row), reached through the fault proxy,
 * with every call the page makes to main counted.
 */
const openBenches = benchesPerTest();

async function box() {
  const b = await openBenches('spec');
  /** Every channel the page called, in order: what a tube scan costs in calls to main. */
  const calls: string[] = [];
  const counted: BenchlinkApi = {
    invoke: ((channel, payload) => {
      calls.push(channel);
      return b.env.api.invoke(channel, payload);
    }) as BenchlinkApi['invoke'],
    subscribe: b.env.api.subscribe,
  };
  const screen = b.assignScreen(counted);
  /** This visit's tubes, as "TB000100@A1". */
  const placed = () => screen.s.assignments.map((a) => `${a.id}@${a.position}`);
  return { b, calls, ...screen, placed };
}

const asked = (tube: string) => new RegExp(`^${tube} is not in the labsheet as read \\d+ s ago\\. Use it anyway\\?$`);

describe('Assign location: a tube the labsheet does not have', () => {
  it('is asked about before it is queued; "Use anyway" puts it where it was asked about, for the enqueue alone; a known tube costs the enqueue alone', async () => {
    const { b, s, scan, calls, placed } = await box();
    await scan('BOX000001');
    await expect.poll(() => s.samples.size).toBeGreaterThan(0);

    calls.length = 0;
    await scan('TB000100');
    expect(b.said()).toBe('TB000100 → BX-0001 Freezer Box 1 A1');
    expect(calls).toEqual(['outbox.enqueue']);

    const before = await b.queued();
    calls.length = 0;
    await scan('TB999999');
    expect(s.guard?.kind).toBe('unknown-sample');
    // Well fill's words: when the rows that lack it were read, not "now".
    expect(s.guard?.message).toMatch(asked('TB999999'));
    expect(b.said()).toBe(s.guard?.message);
    // The miss says the rows came from the service, and when: nothing else is asked of main.
    expect(calls).toEqual(['cache.row']);
    expect(await b.queued()).toBe(before);
    expect(placed()).toEqual(['TB000100@A1']);
    expect(s.targetPosition()).toBe('A2');

    calls.length = 0;
    await answerGuard(s, (edit) => edit());
    expect(calls).toEqual(['outbox.enqueue']);
    expect(b.said()).toBe('TB999999 → BX-0001 Freezer Box 1 A2');
    expect(placed()).toEqual(['TB000100@A1', 'TB999999@A2']);
    expect(s.guard).toBeNull();
    expect(s.unanswered).toBeNull();
    expect(await b.queued()).toBe(before + 1);
    // Scanned again, it is a duplicate, not a question.
    await scan('TB999999');
    expect(b.said()).toBe(
      'Duplicate: TB999999 is already in A2; nothing recorded. To move it, scan its new position first.',
    );
  });

  it('"Skip" (Escape) drops it, and the position scanned for it takes the next tube', async () => {
    const { b, s, scan, placed } = await box();
    await scan('BOX000001');
    await scan('C5');
    const before = await b.queued();
    await scan('TB999998');
    expect(s.guard?.message).toMatch(asked('TB999998'));
    dismissGuard(s);
    expect(s.guard).toBeNull();
    expect(s.unanswered).toBeNull();
    expect(s.targetPosition()).toBe('C5');
    expect(await b.queued()).toBe(before);
    await scan('TB000101');
    expect(b.said()).toBe('TB000101 → BX-0001 Freezer Box 1 C5');
    expect(placed()).toEqual(['TB000101@C5']);
  });

  it('a scan made instead of an answer goes on as usual, and the screen says the asked-about tube was not placed', async () => {
    const { b, s, scan, placed } = await box();
    await scan('BOX000001');
    await scan('TB999997');
    expect(s.guard?.kind).toBe('unknown-sample');
    // A read that is no barcode is not an answer: the question stays.
    await scan('010950600013435310X');
    expect(b.said()).toMatch(/^Nothing recorded: not a barcode we know/);
    expect(s.guard?.kind).toBe('unknown-sample');
    await scan('TB000102');
    expect(s.guard).toBeNull();
    expect(s.unanswered).toBe(
      'The question about TB999997 was left unanswered: TB999997 was not placed (scan it again to be asked again).',
    );
    expect(b.said()).toBe('TB000102 → BX-0001 Freezer Box 1 A1');
    expect(placed()).toEqual(['TB000102@A1']);
    // Asked again when scanned again; "Use anyway" then clears the note.
    await scan('TB999997');
    expect(s.guard?.message).toMatch(asked('TB999997'));
    await answerGuard(s, (edit) => edit());
    expect(placed()).toEqual(['TB000102@A1', 'TB999997@A2']);
    expect(s.unanswered).toBeNull();
  });

  it('is not asked about when the labsheet could not be read from the service: it is queued as before', async () => {
    const { b, s, scan, placed } = await box();
    // The labsheet's rows never reached this computer (the service does not answer for them).
    b.proxy().setFaults([{ path: '/labsheets/fetch-list-rows', fault: { kind: 'reset-before' } }]);
    await scan('BOX000001');
    await scan('TB999996');
    expect(s.guard).toBeNull();
    expect(b.said()).toBe('TB999996 → BX-0001 Freezer Box 1 A1');
    expect(placed()).toEqual(['TB999996@A1']);
  });

  // A scanner programmed for a German keyboard on a US computer types S-0011 as S/0011: a read no pattern
  // takes but plausible as a lab's own code, so it was looked up and, offline, queued unasked as a tube
  // nobody has. It is asked about, saying the likely cause, online and offline.
  const MISREAD =
    "may be misread: typed for a German keyboard on a US one, this is sample ID S-0011: set the scanner's keyboard to US (a barcode in its manual) and scan again. Use it anyway?";

  it('a read a scanner set to another keyboard layout typed is asked about with that cause', async () => {
    const { b, s, scan, placed } = await box();
    await scan('BOX000001');
    await expect.poll(() => s.samples.size).toBeGreaterThan(0);
    const before = await b.queued();
    await scan('S/0011');
    expect(s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?' });
    expect(s.guard?.message).toMatch(/^S\/0011 is not in the labsheet as read \d+ s ago, and /);
    expect(s.guard?.message.endsWith(MISREAD)).toBe(true);
    expect(await b.queued()).toBe(before);
    expect(placed()).toEqual([]);
  });

  it('is asked about even when the labsheet could not be read, where an unknown tube goes in unasked', async () => {
    const { b, s, scan, placed } = await box();
    b.proxy().setFaults([{ path: '/labsheets/fetch-list-rows', fault: { kind: 'reset-before' } }]);
    await scan('BOX000001');
    const before = await b.queued();
    await scan('S/0011');
    expect(s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?', message: `S/0011 ${MISREAD}` });
    expect(await b.queued()).toBe(before);
    dismissGuard(s);
    expect(placed()).toEqual([]);
    // The same tube scanned again with the scanner set right is placed as usual.
    await scan('S-0011');
    expect(s.guard).toBeNull();
    expect(placed()).toEqual(['S-0011@A1']);
  });
});
