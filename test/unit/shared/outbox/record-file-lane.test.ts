import { describe, expect, it } from 'vitest';
import { RECORD_FILE_SOURCE, type Intent } from '../../../../shared/outbox/intents.js';
import { targetKeyOf } from '../../../../shared/outbox/intent-meta.js';

const recordFile = (fileName: string, fileSource = RECORD_FILE_SOURCE): Intent => ({
  type: 'file-upload',
  stagedPath: `/data/staging/${fileName}`,
  fileName,
  size: 10,
  sha256: 'a'.repeat(64),
  isGlobal: false,
  fileSource,
});

describe("a plate record's files share their plate's lane, whenever the record was made", () => {
  it('named with the time (now) or without it (queued by an older version), one lane per plate', () => {
    const lane = targetKeyOf(recordFile('PLATE_PL-0001_2026-11-28_101500.csv'));
    for (const name of [
      'PLATE_PL-0001_2026-11-28_101500_grid.csv',
      'PLATE_PL-0001_2026-11-28_101500.png',
      'PLATE_PL-0001_2026-11-29_080000.csv',
      'PLATE_PL-0001_2026-11-28.csv',
      'PLATE_PL-0001_2026-11-28_grid.csv',
    ])
      expect(targetKeyOf(recordFile(name)), name).toBe(lane);
    expect(targetKeyOf(recordFile('PLATE_PL-0002_2026-11-28_101500.csv'))).not.toBe(lane);
    // An hrid that itself ends like a day and time is still its own plate's.
    expect(targetKeyOf(recordFile('PLATE_A_2026-11-25_101500_2026-11-28_101500.csv'))).toContain(
      'PLATE_A_2026-11-25_101500',
    );
  });
});
