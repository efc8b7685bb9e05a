import { describe, expect, it } from 'vitest';
import { answerGuard, handleWellFillScan } from '../../../../../renderer/workflows/well-fill/well-fill-scans.js';
import { benchesPerTest } from '../../../../helpers/benches-on-main.js';

/**
 * A scanner programmed for a German keyboard on a US computer types S-0011 as S/0011: a read no pattern
 * takes but plausible as a lab's own code, so Well fill looked it up and asked only "not in the labsheet"
 * (offline, or with the labsheet never read, it went in unasked as a sample nobody has). It is asked
 * about with its likely cause, online and offline, and goes in only on "Use anyway". The real main
 * in-process, its embedded sandbox behind the fault proxy; PL-0003 is the demo's empty 96-well plate.
 */
const openBenches = benchesPerTest();

const MISREAD =
  "may be misread: typed for a German keyboard on a US one, this is sample ID S-0011: set the scanner's keyboard to US (a barcode in its manual) and scan again. Use it anyway?";

describe('Well fill: a read a scanner set to another keyboard layout typed', () => {
  it('is asked about with that cause, beside "not in the labsheet", and placed only on "Use anyway"', async () => {
    const b = await openBenches('spec');
    await b.scan('PLT000003');
    const before = await b.queued();
    await b.scan('S/0011');
    expect(b.s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?' });
    expect(b.s.guard?.message).toMatch(/^S\/0011 is not in the labsheet as read \d+ s ago, and /);
    expect(b.s.guard?.message.endsWith(MISREAD)).toBe(true);
    expect(await b.queued()).toBe(before);
    await answerGuard(b.s, (edit) => edit());
    expect(b.s.wells['A1']?.sample).toBe('S/0011');
  });

  it('is asked about when the labsheet could not be read, where an unknown tube goes in unasked', async () => {
    const b = await openBenches('spec');
    b.proxy().setFaults([{ path: '/labsheets/fetch-list-rows', fault: { kind: 'reset-before' } }]);
    await b.scan('PLT000003');
    await b.scan('TB999996');
    expect(b.s.guard).toBeNull();
    expect(b.s.wells['A1']?.sample).toBe('TB999996');
    const before = await b.queued();
    await b.scan('S/0011');
    expect(b.s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?', message: `S/0011 ${MISREAD}` });
    expect(await b.queued()).toBe(before);
    expect(b.s.wells['A2']?.sample ?? null).toBeNull();
  });

  it('from a keyboard scanner Benchlink reads itself, names the layout set for it in Settings → Scanners', async () => {
    // Benchlink reads such a scanner's keys with the layout set for it, not the computer's: the words said
    // "on a US one" and to program the scanner with a barcode, where a setting in Benchlink is the fix.
    const b = await openBenches('spec');
    await b.scan('PLT000003');
    await handleWellFillScan(b.s, { text: 'S/0011', source: 'hid-keys', mainAt: null });
    expect(b.s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?' });
    expect(b.s.guard?.message).toContain(
      'may be misread: typed for a German keyboard and read as US (Settings → Scanners), this is sample ID S-0011: ' +
        "set this scanner's layout there to German and scan again. Use it anyway?",
    );
    expect(b.s.wells['A1']?.sample ?? null).toBeNull();
  });

  it('a tube read with its Code 39 check character: sent by a checking scanner, placed as the tube; sent as data, asked about', async () => {
    const b = await openBenches('spec');
    await b.scan('PLT000003');
    // A HID scanner that checked the label's check character sent it after the data, saying so in its AIM id.
    await handleWellFillScan(b.s, { text: ']A1TB000011%', source: 'hid', mainAt: null });
    await b.scan('TB000012');
    expect([b.s.wells['A1'], b.s.wells['A2']].map((w) => w?.sample)).toEqual(['S-0011', 'S-0012']);
    // One that does not check it sent it as data: S-0011N is no row, and the question says why.
    await b.scan('S-0011N');
    expect(b.s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?' });
    expect(b.s.guard?.message).toContain(
      "may be misread: ends in its Code 39 check character (N), this is sample ID S-0011: set the scanner to check Code 39's check character and take it off",
    );
  });

  it("a tube in a serial line's STX…ETX frame is placed; one with NUL after it is refused, naming it", async () => {
    const b = await openBenches('spec');
    await b.scan('PLT000003');
    // A HID POS scanner set up for a serial line frames every code: refused "control character U+0002".
    await handleWellFillScan(b.s, { text: '\x02TB000011\x03', source: 'hid', mainAt: null });
    expect(b.s.wells['A1']?.sample).toBe('S-0011');
    const before = await b.queued();
    await handleWellFillScan(b.s, { text: 'TB000012\x00', source: 'hid', mainAt: null });
    expect(b.s.guard).toBeNull();
    expect(b.feedback.last?.outcome).toBe(
      "Nothing recorded: this is tube barcode TB000012 with NUL (U+0000) after it: turn the scanner's suffix off, and scan again",
    );
    expect(await b.queued()).toBe(before);
    expect(b.s.wells['A2']?.sample ?? null).toBeNull();
  });

  it('a tube ID typed with the letter O for a zero is asked about offline, where it went in unasked', async () => {
    const b = await openBenches('spec');
    b.proxy().setFaults([{ path: '/labsheets/fetch-list-rows', fault: { kind: 'reset-before' } }]);
    await b.scan('PLT000003');
    const before = await b.queued();
    await handleWellFillScan(b.s, { text: 'TB00O011', source: 'field', mainAt: null });
    expect(b.s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?' });
    expect(b.s.guard?.message).toBe(
      'TB00O011 may be misread: it has the letter O in place of the digit 0; with digits this is tube barcode TB000011: type the code again or scan the label. Use it anyway?',
    );
    expect(await b.queued()).toBe(before);
    expect(b.s.wells['A1']?.sample ?? null).toBeNull();
  });

  it('a well written A-1 is asked about, naming the position, where it was offered as a sample', async () => {
    const b = await openBenches('spec');
    await b.scan('PLT000003');
    const before = await b.queued();
    await b.scan('A-1');
    expect(b.s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?' });
    expect(b.s.guard?.message).toMatch(
      /^A-1 is not in the labsheet as read \d+ s ago, and may be misread: written A-1, this is position A1: scan or type it as A1\. Use it anyway\?$/,
    );
    expect(await b.queued()).toBe(before);
  });

  it('two tubes in one read (a lost Enter) are refused, naming both, where the read was offered as one sample', async () => {
    const b = await openBenches('spec');
    await b.scan('PLT000003');
    const before = await b.queued();
    for (const read of ['TB000011TB000012', 'TB000011\tTB000012']) {
      await handleWellFillScan(b.s, { text: read, source: 'field', mainAt: null });
      expect(b.s.guard, JSON.stringify(read)).toBeNull();
      expect(b.feedback.last?.outcome).toBe(
        'Nothing recorded: this is tube barcode TB000011 and tube barcode TB000012, in one read: scan each code on its own. If it happens again, set the scanner to send Enter after each code (its suffix)',
      );
    }
    expect(await b.queued()).toBe(before);
    expect(b.s.wells['A1']?.sample ?? null).toBeNull();
  });
});
