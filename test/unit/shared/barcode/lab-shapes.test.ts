import { describe, expect, it } from 'vitest';
import { createClassifier } from '../../../../shared/barcode/classify.js';
import {
  applyLabShapesPatch,
  labShapeProblems,
  labShapes,
  MAX_LAB_SHAPES,
  rulesWithLab,
} from '../../../../shared/barcode/lab-shapes.js';
import { patternRule, type PatternKind, type PatternRule } from '../../../../shared/barcode/patterns.js';
import { slowPatternWhy } from '../../../../shared/barcode/slow-patterns.js';
import { shapeFromExample } from '../../../../shared/barcode/shape-from-example.js';

/** A shape as Settings makes it from a scanned example. */
function shape(kind: PatternKind, example: string): PatternRule {
  return { kind, pattern: shapeFromExample(example)!.pattern, flags: 'i', example };
}
const messages = (lab: PatternRule[]) => labShapeProblems(lab).map((p) => p.message);

describe("the classifier with a lab's shapes", () => {
  const lab = [shape('plate', 'P000123'), shape('tube', 'FX12345678'), shape('box', 'FRZ-0042')];
  const classify = createClassifier({ rules: rulesWithLab(lab) });

  it("reads the lab's codes as their kinds, in any letter case, upper-cased", () => {
    expect(classify('P000124')).toMatchObject({ kind: 'plate', normalized: 'P000124' });
    expect(classify('fx00000001')).toMatchObject({ kind: 'tube', normalized: 'FX00000001' });
    expect(classify('FRZ-0007')).toMatchObject({ kind: 'box', normalized: 'FRZ-0007' });
  });

  it('keeps the built-in shapes, positions, commands and GS1 as they were', () => {
    expect(classify('PLT000001').kind).toBe('plate');
    expect(classify('TB000001').kind).toBe('tube');
    expect(classify('A1').kind).toBe('position');
    expect(classify('#CMD:UNDO').kind).toBe('command');
    expect(classify(']C14149520123456788').kind).toBe('gs1');
  });

  it('without them those codes are unknown (the defect: Well fill took a plate for a tube)', () => {
    expect(createClassifier()('P000124').kind).toBe('unknown');
  });
});

describe('which lab shapes are refused, and why', () => {
  it('takes shapes that leave every other code as it was', () => {
    expect(labShapeProblems([shape('plate', 'P000123'), shape('tube', 'FX12345678')])).toEqual([]);
    expect(labShapes.safeParse([shape('box', 'FRZ-0042')]).success).toBe(true);
  });

  it('refuses a shape that takes well positions', () => {
    expect(messages([shape('plate', 'P1')])).toEqual([
      "the plate shape P then 1 digit also takes P1 (a well position), P9 (a well position): make it narrower (more of the code's own letters, or an exact number of digits)",
    ]);
  });

  it("refuses a shape that takes a command sheet's barcode read without its #", () => {
    expect(messages([{ kind: 'tube', pattern: '^[A-Z]+:[A-Z-]+$', flags: 'i' }])[0]).toContain(
      "also takes CMD:UNDO (a command sheet's barcode read without its #)",
    );
  });

  it("refuses a shape that takes another kind's built-in example", () => {
    expect(messages([{ kind: 'tube', pattern: '^[A-Z]+\\d+$', flags: 'i', example: 'FX1' }])[0]).toMatch(
      /^the tube shape \/\^\[A-Z\]\+\\d\+\$\/ also takes PLT000001 \(a plate by the built-in shapes\), BOX000001 \(a box by the built-in shapes\)/,
    );
  });

  it("refuses two of the lab's shapes of different kinds that take each other's example", () => {
    expect(messages([shape('plate', 'P000123'), shape('tube', 'P000124')])).toEqual([
      "the plate shape P then 6 digits also takes P000124 (the example of your tube shape P then 6 digits): make it narrower (more of the code's own letters, or an exact number of digits)",
    ]);
  });

  it('refuses an example that is no ID at all, a shape that misses its example, and a shape twice', () => {
    expect(messages([{ kind: 'tube', pattern: '^#CMD:UNDO$', flags: 'i', example: '#CMD:UNDO' }])).toEqual([
      '#CMD:UNDO reads as a command barcode, so a tube shape cannot take it',
    ]);
    expect(messages([{ ...shape('plate', 'P000123'), pattern: '^P\\d{5}$' }])).toEqual([
      'the plate shape P then 5 digits does not take its own example P000123',
    ]);
    expect(messages([shape('plate', 'P000123'), shape('plate', 'P000123')])).toEqual([
      'the plate shape P then 6 digits is in the list already',
    ]);
  });

  it('the settings schema refuses them with those reasons, at the shape at fault, and past the cap', () => {
    const r = labShapes.safeParse([shape('plate', 'P000123'), shape('tube', 'P000124')]);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: [0], message: expect.stringContaining('also takes P000124') });
    const bad = labShapes.safeParse([{ kind: 'plate', pattern: '^P(\\d$', flags: 'i' }]);
    expect(bad.error?.issues[0]?.message).toBe('pattern is not a valid regular expression');
    const many = Array.from({ length: MAX_LAB_SHAPES + 1 }, (_, i) => shape('tube', `FX${'1'.repeat(i + 1)}`));
    expect(labShapes.safeParse(many).error?.issues.map((i) => i.message)).toContain(
      `at most ${MAX_LAB_SHAPES} barcode shapes`,
    );
  });
});

describe('a change to the list', () => {
  const a = shape('plate', 'P000123');
  const b = shape('tube', 'FX12345678');

  it('adds one at the end or where it was, removes one by kind and pattern', () => {
    expect(applyLabShapesPatch([a], { add: b })).toEqual([a, b]);
    expect(applyLabShapesPatch([b], { add: a, at: 0 })).toEqual([a, b]);
    expect(applyLabShapesPatch([a, b], { remove: { kind: 'plate', pattern: a.pattern } })).toEqual([b]);
    expect(applyLabShapesPatch([a, b], { remove: { kind: 'box', pattern: a.pattern } })).toEqual([a, b]);
  });
});

describe('a lab shape the regular-expression engine could take seconds on', () => {
  it.each([
    ['^PL([0-9]+-?)+$', /repeats a part that repeats itself/],
    ['^(a*)*$', /repeats a part that repeats itself/],
    ['^X(\\d+){2}$', /repeats a part that repeats itself/],
    ['^((AB)+C)+$', /repeats a part that repeats itself/],
    ['^(a|a)*$', /repeats a choice/],
    ['^(.|.|.|.)*#$', /repeats a choice/],
    ['^(?:\\w|\\d){2,}$', /repeats a choice/],
    ['^\\d*\\d*\\d*\\d*x$', /4 open-ended repeats/],
    ['^(\\w)\\1+$', /refers back/],
    ['^(?<a>\\w)\\k<a>$', /refers back/],
  ])('%s is refused with the reason, before any code is tried with it', (pattern, reason) => {
    expect(slowPatternWhy(pattern)).toMatch(reason);
    const problems = labShapeProblems([{ kind: 'tube', pattern, flags: 'i', example: 'a'.repeat(28) + '!' }]);
    expect(problems.map((p) => p.message).join(' ')).toMatch(reason);
    expect(patternRule.safeParse({ kind: 'tube', pattern }).success).toBe(false);
  });

  it.each([
    '^P\\d{6}$',
    '^FRZ-\\d{4}$',
    '^PL\\d+(-\\d+)?$',
    '^[(+]\\d+$',
    '^\\(\\d+\\)+$',
    '^(AB)+$',
    '^(TB|TUBE)-?\\d+$',
    '^(-\\d{2}){0,1}X$',
    '^[A-Z]+-\\d+-\\d+$',
    '^(a+)\\)+$',
    '^x{1,3}$',
  ])('%s is not', (pattern) => expect(slowPatternWhy(pattern)).toBeNull());

  it('the shapes that froze main for minutes are refused at once, unrun (the list saved, and read at start)', () => {
    // On the old code: 8.9 s for a 27-character example, doubling with each character; the second
    // passed every check after 75 s and was saved.
    for (const shape of [
      { kind: 'plate' as const, pattern: '^(a|a)*$', flags: '', example: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' },
      { kind: 'plate' as const, pattern: '^(.|.|.|.)*#$', flags: '', example: 'P#' },
    ])
      expect(labShapes.safeParse([shape]).success).toBe(false);
  });
});
