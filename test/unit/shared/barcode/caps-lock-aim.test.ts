import { describe, expect, it } from 'vitest';
import { classifyScan, createClassifier } from '../../../../shared/barcode/classify.js';
import { classify, garbageSaid } from '../../../../renderer/lib/scan-input/scan-kind.js';

/**
 * A keyboard scanner sending AIM identifiers with Caps Lock on swaps the case of every letter, the
 * identifier's too: `]C0BOX000001` comes as `]c0box000001`. That has no AIM we know, so every scan was
 * refused "no pattern matched", and nothing said why. The refusal now says Caps Lock seems to be on;
 * what is recorded (nothing) stays the same.
 */
describe('a read whose case-swapped form is one we know', () => {
  it('an AIM identifier typed with Caps Lock on: refused as before, saying Caps Lock seems to be on', () => {
    const c = classifyScan(']c0box000001');
    expect(c).toMatchObject({ kind: 'unknown', value: ']c0box000001', normalized: ']c0box000001' });
    expect(c.why).toMatch(/^no pattern matched; Caps Lock seems to be on: .*box barcode BOX000001/);
    // The bench's screens refuse it as before (nothing recorded); only the words say more.
    const onBench = classify(']c0box000001');
    expect(onBench.garbage).toBe(true);
    expect(onBench.refusal).toMatch(/Caps Lock seems to be on/);
    // Said as its cause, verdict first: "not a barcode we know" hid what to do behind the reason's start.
    expect(garbageSaid(onBench)).toMatch(
      /^Nothing recorded: Caps Lock seems to be on: with it off this reads as box barcode BOX000001/,
    );
  });

  it('says so for an AIM that would be known even when what follows it matches no pattern', () => {
    expect(classifyScan(']c0pl-0003').why).toMatch(/Caps Lock seems to be on: with it off this reads as \]C0PL-0003/);
  });

  it("says so for a read a lab's case-sensitive pattern takes swapped", () => {
    const own = createClassifier({ rules: [{ kind: 'tube', pattern: '^FX\\d+$', flags: '' }] });
    expect(own('fx00000001').why).toMatch(/Caps Lock seems to be on: .*tube barcode FX00000001/);
  });

  it('says nothing of Caps Lock for a read whose swapped form is no better', () => {
    for (const read of ['pl-0003', 'hello', ']C0BOX000001', 'TB000001', '12345']) {
      expect(classifyScan(read).why).not.toMatch(/Caps Lock/);
    }
  });

  it("from a scanner Benchlink reads itself, names the scanner's own setting: the computer's Caps Lock key changes nothing there", () => {
    const c = classify(']c0box000001', { source: 'hid-keys' });
    expect(c.garbage).toBe(true);
    expect(garbageSaid(c)).toBe(
      'Nothing recorded: the scanner types as if Caps Lock were on: otherwise this reads as box barcode BOX000001; ' +
        'set its Caps Lock mode off (a barcode in its manual) and scan again',
    );
  });
});
