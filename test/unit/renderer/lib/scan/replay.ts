import type { WedgeDetector, WedgeKey, WedgeScan } from '../../../../../renderer/lib/scan/wedge-detector.js';

/**
 * Plays keystrokes through the detector the way the DOM adapter does, into a model text field:
 * released keys are inserted, passed printable keys are typed by the "browser", a passed
 * Enter/Tab is recorded as a newline/tab. The deadline timer fires exactly when due.
 */
export function replay(detector: WedgeDetector, keys: WedgeKey[]): { field: string; scans: WedgeScan[] } {
  let field = '';
  const scans: WedgeScan[] = [];
  const runDeadlines = (until: number) => {
    for (let d = detector.nextDeadline(); d !== null && d <= until; d = detector.nextDeadline()) {
      const t = detector.tick(d);
      field += t.release.join('');
      if (t.scan) scans.push(t.scan);
    }
  };
  for (const k of keys) {
    runDeadlines(k.at);
    const d = detector.key(k);
    field += d.release.join('');
    if (d.action === 'pass') {
      if ([...k.key].length === 1) field += k.key;
      else if (k.key === 'Enter') field += '\n';
      else if (k.key === 'Tab') field += '\t';
    }
    if (d.scan) scans.push(d.scan);
  }
  runDeadlines(Number.MAX_SAFE_INTEGER);
  return { field, scans };
}
