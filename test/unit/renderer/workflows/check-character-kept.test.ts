import { describe, expect, it } from 'vitest';
import { answerGuard } from '../../../../renderer/lib/question/question.js';
import { checkCharacterKept } from '../../../../renderer/lib/samples/check-character-kept.js';
import { benchesPerTest } from '../../../helpers/benches-on-main.js';
import { rowScreen } from './row-update/row-screen.js';

/**
 * A scanner that does not check a Code 39 label's check character sends it as data, and for the built-in
 * tube shape (TB then digits) a digit check character makes another tube barcode: TB000012, whose check
 * character is 0 (T 29 + B 11 + 1 + 2 = 43 = 0 mod 43), came as TB0000120. On the old code that was "not
 * in the labsheet, use anyway?" online and, with the labsheet never read, placed unasked. Each bench screen
 * now says the likely cause, from the row the read without it names. The real main in-process and its
 * embedded sandbox (demo data: TB000012 is the tube of S-0012).
 */
const openBenches = benchesPerTest();

const CAUSE =
  "ends in the Code 39 check character (0) of TB000012, sample S-0012: set the scanner to check Code 39's check character and take it off (a barcode in its manual) and scan again";

describe('a tube read with its Code 39 check character, which no row has, names the row it leaves off', () => {
  it('the words, only where the last character is the check character and the rest is a row', async () => {
    const rows: Record<string, string> = { TB000012: 'S-0012', 'S-0012': 'S-0012' };
    const sampleOf = async (code: string) => rows[code] ?? null;
    expect(await checkCharacterKept('TB0000120', sampleOf)).toBe(CAUSE);
    // S-0012's check character is 28 + 36 + 1 + 2 = 67 = 24 mod 43, "O".
    expect(await checkCharacterKept('S-0012O', sampleOf)).toMatch(
      /^ends in the Code 39 check character \(O\) of sample S-0012:/,
    );
    expect(await checkCharacterKept('TB0000121', sampleOf)).toBeUndefined(); // 1 is not TB000012's check character
    expect(await checkCharacterKept('TB0000130', sampleOf)).toBeUndefined(); // TB000013's is 1, and no row here
    expect(await checkCharacterKept('TB0000120', async () => Promise.reject(new Error('down')))).toBeUndefined();
  });

  it('Well fill asks "Misread?" with the cause, and places it only on "Use anyway"', async () => {
    const b = await openBenches('spec');
    await b.scan('PLT000003');
    await b.scan('TB0000120');
    expect(b.s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?' });
    expect(b.s.guard?.message).toMatch(/^TB0000120 is not in the labsheet as read \d+ s ago, and may be misread: /);
    expect(b.s.guard?.message).toContain(CAUSE);
    expect(b.s.wells['A1']?.sample ?? null).toBeNull();
    await answerGuard(b.s, (edit) => edit());
    expect(b.s.wells['A1']?.sample).toBe('TB0000120');
    // A tube no row has, with no such cause, is asked about as before.
    await b.scan('TB0000121');
    expect(b.s.guard).toMatchObject({ title: 'Unknown sample' });
  });

  it('Assign location asks the same before it queues the move', async () => {
    const b = await openBenches('spec');
    const { s, scan } = b.assignScreen();
    await scan('BOX000001');
    const before = await b.queued();
    await scan('TB0000120');
    expect(s.guard).toMatchObject({ kind: 'unknown-sample', title: 'Misread?' });
    expect(s.guard?.message).toContain(CAUSE);
    expect(await b.queued()).toBe(before);
  });

  it('Row update opens nothing for it and says why', async () => {
    const b = await openBenches('spec');
    const { s, scan, said, close } = await rowScreen(b);
    try {
      await scan('TB0000120');
      expect(said()).toBe(`Nothing opened: TB0000120 may be misread: ${CAUSE}`);
      expect(s.row).toBeNull();
    } finally {
      close();
    }
  });
});
