import {
  WEDGE_PROFILE_NAMES,
  WEDGE_PROFILES,
  wedgeSettings,
  type ScanInputSettings,
} from '../../../shared/barcode/scanner-settings.js';
import { wedgeFromSettings } from '../../lib/scan-input/wedge-settings.js';
import { WedgeDetector } from '../../lib/scan/wedge-detector.js';

type Profile = (typeof WEDGE_PROFILE_NAMES)[number];

/** One key pressed in the "test your scanner" field: KeyboardEvent.key and .timeStamp. */
export interface TestKey {
  key: string;
  at: number;
}

/** What one entry in the field says about the scanner, judged as scanning itself would judge it. */
export interface ScanTiming {
  /** Characters typed (keys that put one in the field). */
  keys: number;
  durationMs: number;
  maxGapMs: number;
  /** Whether scanning, with the link saved now, takes this entry as one scan. */
  verdict: 'scanner' | 'typing';
  /** The link to use: the saved one when it takes the entry, else the one that does; null for none. */
  fits: Profile | null;
  /** Why no link takes it as a scan, in words; null when one does. */
  why: string | null;
}

/**
 * What a key pressed in the test field does: ends the entry (Enter or Tab), is swallowed, or is one of
 * the entry's keys. A scanner set to a two-key suffix (CR+LF, Enter+Tab) sends a second terminator
 * into the field just emptied by the first: scanning swallows it (WedgeDetector), so the test does too,
 * or that empty "entry" would replace the scanner's verdict with one of typing. `keysSince`: the keys
 * pressed since the last entry ended.
 */
export function testFieldKey(key: string, value: string, keysSince: readonly TestKey[]): 'end' | 'swallow' | 'key' {
  if (key !== 'Enter' && key !== 'Tab') return 'key';
  return value === '' && keysSince.length === 0 ? 'swallow' : 'end';
}

const PROFILE_WORDS: Record<Profile, string> = { usb: 'USB cable', bluetooth: 'Bluetooth / wireless' };

/**
 * Replays the keys, ended by `end` (the Enter or Tab that closed the entry), through the keyboard-wedge
 * detector with each link's settings: the detector owns what is a scan, so this test never advises
 * otherwise than scanning then behaves (a batched Bluetooth link, one late key, the 4-character minimum).
 */
export function judgeTest(keys: readonly TestKey[], end: TestKey, saved: ScanInputSettings): ScanTiming {
  const typed = keys.filter((k) => [...k.key].length === 1);
  const gaps = typed.slice(1).map((k, i) => k.at - typed[i]!.at);
  const maxGapMs = gaps.length ? Math.max(...gaps) : 0;
  const takes = (profile: Profile) => takenAsScan(keys, end, { ...saved, wedgeEnabled: true, wedgeProfile: profile });
  const savedTakes = takes(saved.wedgeProfile);
  const fits = savedTakes ? saved.wedgeProfile : (WEDGE_PROFILE_NAMES.find((p) => takes(p)) ?? null);
  return {
    keys: typed.length,
    durationMs: typed.length > 1 ? typed.at(-1)!.at - typed[0]!.at : 0,
    maxGapMs,
    verdict: savedTakes ? 'scanner' : 'typing',
    fits,
    why: fits ? null : whyNot(typed.length, maxGapMs, saved),
  };
}

function takenAsScan(keys: readonly TestKey[], end: TestKey, settings: ScanInputSettings): boolean {
  const detector = new WedgeDetector(wedgeFromSettings(settings));
  const typed = keys.filter((k) => [...k.key].length === 1).length;
  for (const k of keys) {
    const d = detector.key(k);
    // A key given back is typing as scanning sees it: the entry was not one scan.
    if (d.release.length > 0 || d.scan) return false;
  }
  const done = detector.key(end);
  return done.release.length === 0 && done.scan?.keys === typed;
}

function whyNot(length: number, maxGapMs: number, saved: ScanInputSettings): string {
  const { minLength } = wedgeSettings.parse(wedgeFromSettings(saved));
  if (length < minLength)
    return `it has ${length} character${length === 1 ? '' : 's'}, and a scan needs at least ${minLength}: shorter entries are taken as typing`;
  const links = WEDGE_PROFILE_NAMES.map((p) => `${PROFILE_WORDS[p]} ${WEDGE_PROFILES[p]} ms`).join(', ');
  return `its keys came up to ${maxGapMs.toFixed(0)} ms apart, slower than a scanner on any link (${links} between keys): that is typing`;
}
