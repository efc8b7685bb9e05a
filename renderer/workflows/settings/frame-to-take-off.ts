import type { Classification } from '../../../shared/barcode/classify.js';
import { framingSettable, type ScanInputSettings } from '../../../shared/barcode/scanner-settings.js';
import { aroundSaid } from '../../../shared/barcode/framing.js';

/** Characters a scanner was seen to add around a code, as the setting that takes them off, in words. */
export interface FrameToTakeOff {
  patch: Partial<Pick<ScanInputSettings, 'prefix' | 'suffix'>>;
  /** `"j" in front`, `"~" in front and "*" after it`. */
  said: string;
  /** `"j"`, or `them` for both sides. */
  them: string;
}

/**
 * The setting for a frame found in the read as it came (`Classification.frame`, before Settings' own
 * framing was taken off, so a prefix already set and one more character are both kept), or null when
 * none was found or it could not be saved (a space or a character outside ASCII: the settings refuse
 * them, and the words already say what to turn off on the scanner).
 */
export function frameToTakeOff(frame: Classification['frame']): FrameToTakeOff | null {
  if (!frame) return null;
  const { before, after } = frame;
  if (!framingSettable(before) || !framingSettable(after)) return null;
  return {
    patch: { ...(before ? { prefix: before } : {}), ...(after ? { suffix: after } : {}) },
    said: aroundSaid(frame),
    them: before && after ? 'them' : `"${before || after}"`,
  };
}
