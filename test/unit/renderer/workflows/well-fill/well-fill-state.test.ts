import { describe, expect, it } from 'vitest';
import { labelWells } from '../../../../../renderer/workflows/well-fill/well-edits.js';
import { answerGuard } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { wellFillOnMainForSuite } from '../../../../helpers/well-fill-on-main.js';

const fill = wellFillOnMainForSuite();
const { scan, said, queued } = fill;

describe("well fill's logic, on the real main process", () => {
  it('a plate scan opens the plate; the cursor starts at the first empty well', async () => {
    await scan('PLT000001');
    expect(fill.s.plate?.hrid).toBe('PL-0001');
    expect(fill.s.filled).toBe(10);
    expect(fill.s.cursor).toBe('A11');
    expect(said()).toContain('PL-0001');
  });

  it('a tube is committed to the outbox before it is shown, in the cursor well, and the cursor moves on', async () => {
    const before = await queued();
    await scan('TB000011');
    expect(await queued()).toBe(before + 1);
    expect(fill.s.wells['A11']).toMatchObject({ sample: 'S-0011', sync: expect.stringMatching(/pending|synced/) });
    expect(fill.s.cursor).toBe('A12');
    expect(said()).toContain('S-0011');
  });

  it('the same sample again is stopped by the duplicate guard, and nothing is queued', async () => {
    const before = await queued();
    await scan('TB000011');
    expect(fill.s.guard?.kind).toBe('duplicate-sample');
    expect(await queued()).toBe(before);
  });

  it('a product code is refused with what it is; a garbage read with its reason; neither is queued', async () => {
    const before = await queued();
    await scan('https://id.gs1.org/01/09506000134352/10/ABC123?17=351130');
    expect(said()).toContain('product 09506000134352, lot ABC123');
    expect(said()).toContain('not a sample or tube ID; nothing recorded');
    await scan('010950600013435310X');
    expect(said()).toMatch(/^Nothing recorded: not a barcode we know \(.*check digit/);
    expect(await queued()).toBe(before);
  });

  it('the fill passes over the control wells H11 and H12', async () => {
    await scan('H10');
    await scan('TB000012');
    expect(fill.s.wells['H10']?.sample).toBe('S-0012');
    expect(fill.s.cursor).not.toBe('H11');
    expect(fill.s.cursor).not.toBe('H12');
    expect(fill.s.cursor).toBe('A12');
  });

  it('a sample into a control well needs the position scan and a confirm; then it goes there', async () => {
    const before = await queued();
    await scan('H11');
    await scan('TB000013');
    expect(fill.s.guard).toMatchObject({ kind: 'control-well', overridable: true });
    expect(fill.s.guard?.message).toBe('H11 is a pos control well. Put S-0013 there anyway?');
    expect(await queued()).toBe(before);
    await fill.s.guard!.proceed();
    expect(fill.s.wells['H11']).toMatchObject({ sample: 'S-0013' });
    expect(await queued()).toBe(before + 1);
  });

  it('a label on several wells is one commit and one undo step, all wells back as they were', async () => {
    const before = await queued();
    await labelWells(fill.s, ['B1', 'B2', 'B3'], 'BLANK');
    expect(await queued()).toBe(before + 3);
    expect(['B1', 'B2', 'B3'].map((p) => fill.s.wells[p]?.label)).toEqual(['BLANK', 'BLANK', 'BLANK']);
    // Blanks are not fill targets either.
    expect(fill.s.nextTarget('B1')).toBe('B4');
    await fill.s.undo();
    expect(['B1', 'B2', 'B3'].map((p) => fill.s.wells[p]?.label)).toEqual(['', '', '']);
    expect(fill.s.canRedo).toBe(true);
  });
});

describe('undo and redo pressed faster than main answers', () => {
  const quick = wellFillOnMainForSuite();

  it('a held Ctrl+Z / Ctrl+Y ends as the same keys pressed one by one would: history, screen and service agree', async () => {
    await quick.scan('PLT000003');
    await quick.scan('TB000040');
    await quick.scan('TB000041');
    const actions = ['S-0040 → A1', 'S-0041 → A2'];
    let done = 2; // the model: how many of the actions are in effect
    const samplesOn = (where: { position: string; sample: string | null }[]) =>
      where.filter((w) => w.sample).map((w) => `${w.position}:${w.sample}`);
    for (const keys of ['uru', 'urur', 'uurr', 'urur', 'uurr', 'ruu', 'uuu', 'rrr', 'uruuur']) {
      const expected = [...keys].map((k) => {
        if (k === 'u') return done > 0 ? actions[--done]! : null;
        return done < actions.length ? actions[done++]! : null;
      });
      // Fired together: none waits for the one before to be answered.
      const said = await Promise.all([...keys].map((k) => (k === 'u' ? quick.s.undo() : quick.s.redo())));
      expect(said, keys).toEqual(expected);
      const screen = samplesOn(Object.values(quick.s.wells));
      expect(screen, keys).toEqual(['A1:S-0040', 'A2:S-0041'].slice(0, done));
      expect([quick.s.canUndo, quick.s.canRedo], keys).toEqual([done > 0, done < actions.length]);
      await quick.env.call('outbox.syncNow', {});
      expect((await quick.env.call('outbox.counts', {})).pending).toBe(0);
      const served = await quick.env.call('lab.fetchManifestMetadata', { hrid: 'PL-0003' });
      const wells = (served.wells ?? []).map((w) => ({ position: w.position, sample: w.sample?.id ?? null }));
      expect(samplesOn(wells), keys).toEqual(screen);
    }
  });
});

describe('a question the next scan takes away', () => {
  const asked = wellFillOnMainForSuite();

  it('a question left unanswered by the next scan is said: the questioned tube was not placed', async () => {
    await asked.scan('PLT000001');
    await asked.scan('TB999999');
    expect(asked.s.guard?.kind).toBe('unknown-sample');
    // The labsheet is not read again per unknown tube, so the question says when it was read, not "now".
    expect(asked.s.guard?.message).toMatch(/^TB999999 is not in the labsheet as read \d+ s ago\. Use it anyway\?$/);
    const before = await asked.queued();
    await asked.scan('TB000014');
    expect(asked.s.guard).toBeNull();
    expect(asked.s.unanswered).toBe(
      'The question about TB999999 was left unanswered: TB999999 was not placed (scan it again to be asked again).',
    );
    expect(Object.values(asked.s.wells).some((w) => w.sample === 'TB999999')).toBe(false);
    // The next scan itself went on as usual.
    expect(asked.said()).toContain('S-0014 →');
    expect(await asked.queued()).toBe(before + 1);
    // The next question is shown with the note, not in its place: the headline is the new question's,
    // so the note is the only place the first one is said. One that only informs (a duplicate) leaves
    // nothing undone when a scan moves on, so nothing more is said then.
    const note = asked.s.unanswered;
    await asked.scan('TB000014');
    expect(asked.s.guard?.kind).toBe('duplicate-sample');
    expect(asked.s.unanswered).toBe(note);
    await asked.scan('TB000015');
    expect(asked.s.unanswered).toBe(note);
    // Answered, a question leaves no note: the user answered with the note in sight.
    await asked.scan('TB999998');
    await answerGuard(asked.s, (edit) => edit());
    expect(asked.s.unanswered).toBeNull();
    expect(Object.values(asked.s.wells).some((w) => w.sample === 'TB999998')).toBe(true);
  });
});
