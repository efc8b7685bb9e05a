import { describe, expect, it } from 'vitest';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';
import { handleAssignScan } from '../../../../../renderer/workflows/assign-location/assign-scans.js';
import type { RackSaid } from '../../../../../renderer/workflows/assign-location/rack-run.svelte.js';
import { onQuestionKey } from '../../../../../renderer/lib/question/question-keys.js';

/**
 * A rack file is the box as the rack scanner read it. On the real main in-process and its embedded
 * sandbox (extended answers: the service lists the box's wells; demo data: TB000n is the row S-000n),
 * reached through the fault proxy, whose log counts the requests the sync sent.
 */
const openBenches = benchesPerTest();

async function boxWith(tubes: string[]) {
  const b = await openBenches('extended');
  // The next visit: what it knows of the box comes from main.
  const { s } = await b.assignScreenOnFilledBox('BOX000001', tubes);
  /** Where the service has a sample in the box. */
  const onService = (sample: string): string[] => {
    const { manifests } = b.sandbox().store;
    return manifests
      .wells(manifests.find('barcode', 'BOX000001')!.uuid)
      .filter((x) => x.sampleId === sample)
      .map((x) => x.position)
      .sort();
  };
  const assigns = () => b.proxy().requests.filter((r) => r.path === '/labsheets/assign-location');
  return { b, s, onService, assigns };
}

const csv = (...lines: string[]) => ['Position,Barcode', ...lines].join('\n');

describe('a rack file on Assign location is the box as it was read', () => {
  it('a tube the box holds at another position is saved as a move there; a position shown empty is named, not emptied', async () => {
    const { b, s, onService, assigns } = await boxWith(['TB000120', 'TB000121', 'TB000122', 'TB000123']);
    expect(onService('S-0120')).toEqual(['A1']);
    const before = await b.queued();
    // The scanner lists every slot: A1 and A3 are empty now (their tubes moved), and so is A4.
    const file = csv('A1,NO TUBE', 'A2,TB000121', 'A3,', 'A4,NO TUBE', 'B2,TB000120', 'B3,S-0122');
    const said = await s.rack.importText(file);
    expect(said).toEqual({
      text:
        '2 tubes saved from the rack file; 2 tubes moved within the box (TB000120 A1 → B2, S-0122 A3 → B3); ' +
        "1 already in this box, passed over; in the box's record but not in the file: A4 (TB000123): check this " +
        'position (a tube that is no longer there can be taken out on Well fill)',
      ok: false,
    });
    expect(await b.queued()).toBe(before + 2);

    // The same file again before the moves are sent: nothing is queued twice.
    expect((await s.rack.importText(file)).text).toMatch(/^0 tubes saved from the rack file; 3 already in this box/);
    expect(await b.queued()).toBe(before + 2);

    const sent = assigns().length;
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    // One assign-location per idType (a barcode, a sample ID), each with the new position.
    expect(assigns().length - sent).toBe(2);
    expect(onService('S-0120')).toEqual(['B2']);
    expect(onService('S-0122')).toEqual(['B3']);
    expect(onService('S-0121')).toEqual(['A2']);
    // Nothing is taken out of the box by the file.
    expect(onService('S-0123')).toEqual(['A4']);
  });

  it('tubes the labsheet does not have are asked about once, before anything is saved; skipped, they are to rescan', async () => {
    const { b, s, onService, assigns } = await boxWith([]);
    const before = await b.queued();
    const file = csv('E1,TB000130', 'E2,TB999001', 'E3,TB999002');
    expect(await s.rack.importText(file)).toEqual({
      text:
        '2 tubes in the rack file are not in the labsheet Samples: TB999001 (E2), TB999002 (E3). Nothing from ' +
        'the file is saved yet: use them anyway, or skip them and rescan their positions?',
      ok: false,
    });
    expect(await b.queued()).toBe(before);
    expect(s.rack.question?.unknown.map((r) => r.position)).toEqual(['E2', 'E3']);

    expect(await s.rack.answer(false)).toEqual({
      text: '1 tube saved from the rack file; 2 positions to rescan: E2 E3',
      ok: false,
    });
    expect(s.rack.question).toBeNull();
    expect(s.rescan).toEqual(['E2', 'E3']);
    expect(s.rack.bad.map((x) => x.reason)).toEqual([
      expect.stringMatching(/^not in the labsheet Samples as read .* ago, and you chose not to use it$/),
      expect.stringMatching(/^not in the labsheet Samples as read .* ago, and you chose not to use it$/),
    ]);
    expect(await b.queued()).toBe(before + 1);
    const sent = assigns().length;
    await b.sync();
    expect(await b.env.call('outbox.counts', {})).toMatchObject({ failed: 0, uncertain: 0, pending: 0 });
    // No move the service refuses (404) and splits batches over: one request, answered 200.
    expect(
      assigns()
        .slice(sent)
        .map((r) => r.status),
    ).toEqual([200]);
    expect(onService('S-0130')).toEqual(['E1']);
  });

  it('closed with Escape, or a scan made instead of an answer: nothing from the file is saved, and the screen says so', async () => {
    const { b, s } = await boxWith([]);
    const before = await b.queued();
    await s.rack.importText(csv('G1,TB000132', 'G2,TB999004'));
    expect(s.rack.close()).toBe(
      'Nothing from the rack file for BX-0001 Freezer Box 1 was saved: you closed the question about its 1 tube ' +
        'not in the labsheet Samples. To save the file, choose it again and answer "Use anyway" or "Skip them"',
    );
    expect(s.rack.question).toBeNull();
    expect(s.rack.close()).toBeNull();
    expect(s.rescan).toEqual([]);

    await s.rack.importText(csv('G1,TB000132', 'G2,TB999004'));
    await handleAssignScan(s, { text: 'TB000133', source: 'field', mainAt: null });
    expect(s.rack.question).toBeNull();
    expect(s.unanswered).toBe(
      'The question about the rack file for BX-0001 Freezer Box 1 was left unanswered: nothing from the file was ' +
        'saved (choose the file again to be asked again).',
    );
    // The scan itself is looked up and placed as any other.
    expect(s.assignments.map((a) => a.id)).toEqual(['TB000133']);
    expect(await b.queued()).toBe(before + 1);
  });

  it('a held-down Alt+Y (its key repeating) answers the question once: the file is saved once, and said once', async () => {
    const { b, s } = await boxWith([]);
    const before = await b.queued();
    await s.rack.importText(csv('G1,TB000132', 'G2,TB999008'));
    /** What the screen says after each answer, in turn with the scans as the page runs them. */
    const said: Promise<RackSaid>[] = [];
    let turn: Promise<unknown> = Promise.resolve();
    const inTurn = (edit: () => Promise<RackSaid>): Promise<RackSaid> => {
      const next = turn.then(edit);
      turn = next.catch(() => undefined);
      return next;
    };
    // The keys as RackQuestion hears them: two keydowns of Alt+Y, the second a repeat, before any answer is back.
    const altY = (repeat: boolean) =>
      ({
        key: 'y',
        altKey: true,
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        repeat,
        preventDefault() {},
      }) as unknown as KeyboardEvent;
    const yes = () => {
      const answered = s.rack.answerInTurn(true, inTurn);
      if (answered) said.push(answered);
    };
    onQuestionKey(altY(false), { yes, no: () => s.rack.close() });
    onQuestionKey(altY(true), { yes, no: () => s.rack.close() });
    expect(await Promise.all(said)).toEqual([{ text: '2 tubes saved from the rack file', ok: true }]);
    expect(s.rack.question).toBeNull();
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000132@G1', 'TB999008@G2']);
    expect(await b.queued()).toBe(before + 2);
  });

  it('a scan instead of an answer that is itself asked about keeps the note that nothing from the file was saved', async () => {
    const { b, s } = await boxWith([]);
    const before = await b.queued();
    await s.rack.importText(csv('G1,TB000132', 'G2,TB999004'));
    await handleAssignScan(s, { text: 'TB999007', source: 'field', mainAt: null });
    expect(s.rack.question).toBeNull();
    expect(s.guard?.kind).toBe('unknown-sample');
    expect(b.said()).toBe(s.guard?.message);
    // Both are on the screen: the tube's question, and what closing the file's question left undone.
    expect(s.unanswered).toBe(
      'The question about the rack file for BX-0001 Freezer Box 1 was left unanswered: nothing from the file was ' +
        'saved (choose the file again to be asked again).',
    );
    expect(await b.queued()).toBe(before);
  });

  it('a rack file chosen while a scanned tube is asked about takes that question away: one question at a time', async () => {
    const { s } = await boxWith([]);
    await handleAssignScan(s, { text: 'TB999005', source: 'field', mainAt: null });
    expect(s.guard?.kind).toBe('unknown-sample');
    await s.rack.importText(csv('G3,TB999006'));
    expect(s.guard).toBeNull();
    expect(s.unanswered).toContain('The question about TB999005 was left unanswered');
    expect(s.rack.question?.unknown.map((r) => r.barcode)).toEqual(['TB999006']);
  });

  it('"Use anyway" saves the whole file, the tubes the labsheet does not have with it', async () => {
    const { b, s } = await boxWith([]);
    const before = await b.queued();
    expect((await s.rack.importText(csv('F1,TB000131', 'F2,TB999003'))).ok).toBe(false);
    expect(await s.rack.answer(true)).toEqual({ text: '2 tubes saved from the rack file', ok: true });
    expect(s.assignments.map((a) => `${a.id}@${a.position}`)).toEqual(['TB000131@F1', 'TB999003@F2']);
    expect(await b.queued()).toBe(before + 2);
  });
});
