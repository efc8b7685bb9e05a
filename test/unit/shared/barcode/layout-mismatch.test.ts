import { describe, expect, it } from 'vitest';
import { classifyScan, createClassifier } from '../../../../shared/barcode/classify.js';
import { LAYOUT_PAIRS, retyped } from '../../../../shared/barcode/layout-mismatch.js';
import { classify, garbageSaid } from '../../../../renderer/lib/scan-input/scan-kind.js';
import { randomText, seededRandom } from '../../../helpers/seeded-random.js';

/**
 * A keyboard scanner programmed for one keyboard layout on a computer set to another: a scanner left at
 * its US default on a German computer types S-0011 as Sß0011 and #CMD:UNDO as §CMDÖUNDO. On the old code
 * each was refused "no pattern matched" and nothing said why; now the refusal says which setting to
 * change and what the read would be. Nothing more is recorded: the read is refused as before.
 */
describe('a read typed by a scanner set to another keyboard layout', () => {
  it("what a German computer makes of a US scanner's keys, and back", () => {
    // By the German layout: "-" is on the US "/" key, ß on the US "-" key, Y and Z swap, # is Shift+3's §.
    expect(retyped('Sß0011', 'de', 'us')).toBe('S-0011');
    expect(retyped('§CMDÖUNDO', 'de', 'us')).toBe('#CMD:UNDO');
    expect(retyped('BOXßZ1', 'de', 'us')).toBe('BOX-Y1');
    expect(retyped('S/0011', 'us', 'de')).toBe('S-0011');
    // Nothing to say: the same keys type the same characters, or a character has no key of its own.
    expect(retyped('TB000011', 'de', 'us')).toBeNull();
    expect(retyped('S€0011', 'de', 'us')).toBeNull();
  });

  it("what a French (AZERTY) computer makes of a US scanner's keys, and a US computer of a French scanner's", () => {
    // AZERTY has its digits on Shift, under & é " ' ( - è _ ç à, and ")" on the US "-" key.
    expect(retyped('S)àà&&', 'fr', 'us')).toBe('S-0011');
    expect(retyped('TBàààà&&', 'fr', 'us')).toBe('TB000011');
    expect(retyped('S6))!!', 'us', 'fr')).toBe('S-0011');
    expect(retyped('qBOX', 'fr', 'us')).toBe('aBOX');
    // Shift on the key left of 1 types nothing on AZERTY: the read has no French form, not one a character short.
    expect(retyped('TB~0', 'us', 'fr')).toBeNull();
  });

  it.each(LAYOUT_PAIRS.map(([computer, scanner]) => [scanner, computer] as const))(
    'seeded: any read a %s scanner types on a %s computer comes back whole',
    (scanner, computer) => {
      const rand = seededRandom(112926);
      // What every layout types without a dead key (+ is one on a German keyboard, ^ on a French one).
      const typable = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:/()*';
      let changed = 0;
      for (let i = 0; i < 200; i++) {
        const meant = randomText(rand, typable, 1, 24);
        // The computer's characters for the scanner's keys: the scanner's layout read as the computer's.
        const onComputer = retyped(meant, scanner, computer) ?? meant;
        if (onComputer !== meant) changed++;
        expect(retyped(onComputer, computer, scanner) ?? onComputer, meant).toBe(meant);
      }
      expect(changed).toBeGreaterThan(150);
    },
  );

  it('seeded: any read a US scanner types on a German computer comes back whole', () => {
    const rand = seededRandom(112926);
    const typable = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:/#()*';
    // Not + (Shift and the US = key): that key is a dead key on a German keyboard, which waits for the next.
    let changed = 0;
    for (let i = 0; i < 400; i++) {
      const meant = randomText(rand, typable, 1, 24);
      // The German computer's characters for the US scanner's keys: the scanner's layout read as the computer's.
      const onGerman = retyped(meant, 'us', 'de') ?? meant;
      if (onGerman !== meant) changed++;
      expect(retyped(onGerman, 'de', 'us') ?? onGerman, meant).toBe(meant);
    }
    expect(changed).toBeGreaterThan(300);
  });

  it.each([
    ['Sß0011', 'US', 'German', 'sample ID S-0011'],
    ['§CMDÖUNDO', 'US', 'German', 'a command barcode (#CMD:UNDO)'],
    ['S/0011', 'German', 'US', 'sample ID S-0011'],
    ['S)àà&&', 'US', 'French', 'sample ID S-0011'],
    ['TBàààà&&', 'US', 'French', 'tube barcode TB000011'],
    ['S6))!!', 'French', 'US', 'sample ID S-0011'],
  ])('%s: refused, saying the scanner types for a %s keyboard on a %s computer', (read, scanner, computer, readsAs) => {
    const c = classifyScan(read);
    expect(c.kind).toBe('unknown');
    expect(c.why).toBe(
      `no pattern matched; typed for a ${scanner} keyboard on a ${computer} one, this is ${readsAs}: ` +
        `set the scanner's keyboard to ${computer} (a barcode in its manual) and scan again`,
    );
  });

  it("a lab's shape with Y or Z: a US scanner on a German computer swaps them, and the refusal says so", () => {
    const own = createClassifier({ rules: [{ kind: 'tube', pattern: '^ZY\\d{4}$', flags: '' }] });
    expect(own('YZ0042').why).toMatch(/typed for a US keyboard on a German one, this is tube barcode ZY0042:/);
    // Swapped back it is no code either: nothing more to say.
    expect(own('YY0042').why).toBe('no pattern matched');
  });

  it('the bench refuses such a read in those words, verdict first, and records nothing', () => {
    const c = classify('Sß0011');
    expect(c.garbage).toBe(true);
    expect(garbageSaid(c)).toBe(
      "Nothing recorded: typed for a US keyboard on a German one, this is sample ID S-0011: set the scanner's keyboard to German (a barcode in its manual) and scan again",
    );
  });

  it('from a scanner Benchlink reads itself, names the layout set for it in Settings → Scanners, which needs no barcode', () => {
    const c = classify('Sß0011', { source: 'hid-keys' });
    expect(c.garbage).toBe(true);
    expect(garbageSaid(c)).toBe(
      "Nothing recorded: typed for a US keyboard and read as German (Settings → Scanners), this is sample ID S-0011: set this scanner's layout there to US and scan again",
    );
    // A HID POS scanner sends the code as data, and a wedge's keys are read by the computer: as before.
    expect(garbageSaid(classify('Sß0011', { source: 'hid' }))).toMatch(/on a German one, .*a barcode in its manual/);
  });
});
