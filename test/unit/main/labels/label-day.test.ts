import { afterEach, describe, expect, it } from 'vitest';
import { recordFromRow } from '../../../../shared/labels/index.js';

/**
 * A row's date cell as a label prints it (shared/labels/day.ts), on benches east and west of UTC. A
 * service may send a DATE cell as an ISO date-time at midnight UTC ("2026-03-04T00:00:00Z"): that is the
 * date 4 March, but read on the bench's calendar it printed 3 March anywhere west of UTC. A date-time
 * with a time of day, or written in another zone, is still read on the bench's calendar.
 */
const before = process.env['TZ'];
afterEach(() => {
  if (before === undefined) delete process.env['TZ'];
  else process.env['TZ'] = before;
});

/** The date a label prints for a row whose date cell holds `cell`, on a bench in `zone`. */
function printedDate(zone: string, cell: string | number): string | undefined {
  process.env['TZ'] = zone;
  return recordFromRow({ 'Sample ID': 'S-1', Received: cell }, { id: 'Sample ID', date: 'Received' }).date as
    string | undefined;
}

// Etc/GMT+12 is UTC−12 (POSIX signs), Etc/GMT-14 is UTC+14: the farthest a bench can be either way.
const ZONES = ['Etc/GMT+12', 'America/New_York', 'UTC', 'Europe/Berlin', 'Etc/GMT-14'];

describe('a date cell sent as a date-time at midnight UTC', () => {
  it('prints as its date on every bench, as the same date sent as epoch ms does', () => {
    for (const zone of ZONES)
      for (const cell of [
        '2026-03-04T00:00:00Z',
        '2026-03-04T00:00:00.000Z',
        '2026-03-04T00:00Z',
        '2026-03-04T00:00:00+00:00',
        Date.UTC(2026, 2, 4),
      ])
        expect(printedDate(zone, cell), `${String(cell)} in ${zone}`).toBe('2026-03-04');
  });
});

describe('any other date-time', () => {
  it("prints as the day it was on the bench's calendar", () => {
    expect(printedDate('Etc/GMT+5', '2026-03-04T03:00:00Z')).toBe('2026-03-03');
    expect(printedDate('Etc/GMT-14', '2026-03-04T12:00:00Z')).toBe('2026-03-05');
    // Midnight UTC as an instant, but written as 19:00 in UTC−5: an evening of the 4th, not the date 5 March.
    expect(printedDate('Etc/GMT+5', '2026-03-04T19:00:00-05:00')).toBe('2026-03-04');
    // Written without a zone: a time on the bench's own clock.
    expect(printedDate('Etc/GMT-14', '2026-03-04T00:00:00')).toBe('2026-03-04');
  });
});
