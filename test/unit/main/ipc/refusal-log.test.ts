import { describe, expect, it } from 'vitest';
import { createRefusalLog } from '../../../../main/ipc/refusal-log.js';

describe('refusal log throttle', () => {
  it('writes the first N of a window, summarises the rest when the next window opens, then writes again', () => {
    const lines: string[] = [];
    const log = { info: () => undefined, warn: (m: string) => void lines.push(m), error: () => undefined };
    let t = 0;
    const refusals = createRefusalLog(log, { max: 3, windowMs: 1000 }, () => t);
    for (let i = 0; i < 10; i += 1) refusals.warn('refused', {});
    expect(lines).toEqual(['refused', 'refused', 'refused']);
    t = 1000;
    refusals.warn('refused', {});
    expect(lines).toEqual([
      'refused',
      'refused',
      'refused',
      'ipc messages rejected without a log line (too many at once)',
      'refused',
    ]);
    refusals.flush();
    expect(lines).toHaveLength(5); // nothing was held back in this window
  });
});
