import { benchDay } from '../../../shared/bench-clock.js';

/** The bench's local date, `YYYY-MM-DD` (one owner: shared/bench-clock.ts, which labels use too). */
export const localDay = benchDay;

/**
 * When something happened, as a list of queued work says it: the time alone for today, the date before
 * it for any other day. The Outbox said only the time, so an entry failing since Friday read as today's.
 */
export function whenSaid(at: Date, now: Date = new Date()): string {
  const time = at.toLocaleTimeString();
  return localDay(at) === localDay(now) ? time : `${localDay(at)} ${time}`;
}
