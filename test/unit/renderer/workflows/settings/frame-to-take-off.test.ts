import { describe, expect, it } from 'vitest';
import { frameToTakeOff } from '../../../../../renderer/workflows/settings/frame-to-take-off.js';
import { classify } from '../../../../../renderer/lib/scan-input/scan-kind.js';

/** What "Test your scanner" offers to take off every read, from what the classifier found around a code. */
describe('the characters a scanner adds, as the setting that takes them off', () => {
  it.each([
    ['jTB000123', { prefix: 'j' }, '"j" in front', '"j"'],
    ['TB000123~', { suffix: '~' }, '"~" after it', '"~"'],
    ['#TB000123!', { prefix: '#', suffix: '!' }, '"#" in front and "!" after it', 'them'],
  ])('%s', (read, patch, said, them) => {
    expect(frameToTakeOff(classify(read).frame)).toEqual({ patch, said, them });
  });

  it('none for a read with nothing around an ID, and none the settings would refuse (a character outside ASCII)', () => {
    expect(frameToTakeOff(classify('TB000123').frame)).toBeNull();
    expect(frameToTakeOff(classify('TB000123-2').frame)).toBeNull();
    // Found, and said on the line, but no prefix box takes "é": the scanner's own setting is the fix.
    expect(classify('éTB000123').frame).toEqual({ before: 'é', after: '' });
    expect(frameToTakeOff(classify('éTB000123').frame)).toBeNull();
  });
});
