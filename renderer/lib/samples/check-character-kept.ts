import { CHECK_CHARACTER_FIX, code39CheckCharacter } from '../../../shared/barcode/code39.js';

/**
 * For a tube no row has: words to ask with when, without its last character, it is one a row has and
 * that character is its Code 39 check character; otherwise undefined. A scanner that does not check the
 * label's check character sends it as data, and for a shape of letters then digits (TB…) the read is a
 * tube barcode of its own: TB000011 came as TB0000115, "not in the labsheet" online and placed unasked
 * offline. `sampleOf` looks a code up (the saved rows answer offline): the sample it names, or null.
 */
export async function checkCharacterKept(
  code: string,
  sampleOf: (code: string) => Promise<string | null>,
): Promise<string | undefined> {
  const data = code.slice(0, -1);
  if (data.length < 4 || code39CheckCharacter(data) !== code.slice(-1)) return undefined;
  const sample = await sampleOf(data).catch(() => null);
  if (sample === null) return undefined;
  const which = sample.toUpperCase() === data.toUpperCase() ? `sample ${sample}` : `${data}, sample ${sample}`;
  return `ends in the Code 39 check character (${code.slice(-1)}) of ${which}: ${CHECK_CHARACTER_FIX}`;
}
