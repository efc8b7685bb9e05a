import { describe, expect, it } from 'vitest';
import { DEFAULT_SCAN_INPUT } from '../../../../../shared/barcode/scanner-settings.js';
import {
  judgeTest,
  testFieldKey,
  type ScanTiming,
  type TestKey,
} from '../../../../../renderer/workflows/settings/scan-test.js';

/**
 * The "test your scanner" field as ScannerTest.svelte runs it: each key is one of the entry's, or ends
 * it (its verdict shown, the field emptied), or is swallowed. Returns the verdicts shown, last one on screen.
 */
function typeIntoField(keys: TestKey[]): Array<{ text: string; timing: ScanTiming }> {
  let value = '';
  let since: TestKey[] = [];
  const shown: Array<{ text: string; timing: ScanTiming }> = [];
  for (const k of keys) {
    const does = testFieldKey(k.key, value, since);
    if (does === 'swallow') continue;
    if (does === 'end') {
      shown.push({ text: value, timing: judgeTest(since, k, { ...DEFAULT_SCAN_INPUT, wedgeProfile: 'usb' }) });
      value = '';
      since = [];
      continue;
    }
    since.push(k);
    if ([...k.key].length === 1) value += k.key;
  }
  return shown;
}

/** `text` sent by a USB scanner, a key every 5 ms, then its suffix keys. */
function scanned(text: string, suffix: string[]): TestKey[] {
  const keys = [...text].map((key, i) => ({ key, at: 1000 + i * 5 }));
  return [...keys, ...suffix.map((key, i) => ({ key, at: 1000 + (text.length + i) * 5 }))];
}

describe('"test your scanner" with a scanner that sends two keys after the code', () => {
  it.each([
    ['CR+LF', ['Enter', 'Enter']],
    ['Enter+Tab', ['Enter', 'Tab']],
  ])('%s: the second key is swallowed, and the verdict stays "scanner"', (_name, suffix) => {
    const shown = typeIntoField(scanned('TB000001', suffix));
    expect(shown.map((s) => [s.text, s.timing.verdict, s.timing.keys])).toEqual([['TB000001', 'scanner', 8]]);
  });

  it('Enter in a field emptied by hand still ends an entry: keys were typed since the last verdict', () => {
    const shown = typeIntoField([
      { key: 'a', at: 1000 },
      { key: 'Backspace', at: 1200 },
      { key: 'Enter', at: 1400 },
    ]);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.timing.verdict).toBe('typing');
  });

  it('a second scan after the first is judged on its own', () => {
    const first = scanned('TB000001', ['Enter', 'Enter']);
    const second = scanned('TB000002', ['Enter', 'Enter']).map((k) => ({ ...k, at: k.at + 2000 }));
    expect(typeIntoField([...first, ...second]).map((s) => [s.text, s.timing.verdict])).toEqual([
      ['TB000001', 'scanner'],
      ['TB000002', 'scanner'],
    ]);
  });
});
