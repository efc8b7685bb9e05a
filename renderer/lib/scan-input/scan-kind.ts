import { createClassifier, type Classification } from '../../../shared/barcode/classify.js';
import type { Layout } from '../../../shared/layout/positions.js';

const classifier = createClassifier();

/** Text no barcode of ours looks like: control characters, spaces inside, punctuation soup. */
const PLAUSIBLE = /^[A-Za-z0-9][A-Za-z0-9_\-.:/()#]*$/;

/**
 * `garbage`: never record this read. It covers everything the shared classifier refuses (GS1 data,
 * EAN/UPC or a Digital Link that fails GS1's checks, any other web address) and unknown text no
 * barcode of ours looks like. `refusal` is then the reason to show.
 */
export type ScanClass = Classification & { garbage: boolean; refusal?: string };

/** The shared classifier plus the bench's own "garbage" rule, so every workflow refuses the same scans. */
export function classify(text: string, layout?: Layout): ScanClass {
  const c = classifier(text, layout ? { layout } : {});
  const garbage = c.rejected === true || (c.kind === 'unknown' && !PLAUSIBLE.test(c.value));
  return garbage ? { ...c, garbage, refusal: c.reason ?? c.why } : { ...c, garbage };
}
