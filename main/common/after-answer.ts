/**
 * How long main leaves its thread free after answering a call the page waits on (a scan's enqueue)
 * before doing the work that follows it: the outbox counts event, the WAL checkpoint.
 *
 * Run on setImmediate, that work started right after the answer was written, and the page got the
 * answer only once it was done: a socket's reader is woken as a "sync" wake-up (the kernel expects
 * the writer to sleep next), so it is queued on the writer's core, and on a 2-core machine it waited
 * there while main worked on. Measured on this VM with two plain Node processes on loopback: 3 ms of
 * work after each write took the reader's latency at p90 from 0.31 to 1.85 ms (p50 unchanged); the
 * checkpoint alone is 5–6 ms. A timer lets main's thread sleep first; the page has drawn the scan
 * well within this time, and the counts are a frame later than the acknowledgement.
 */
export const AFTER_ANSWER_MS = 20;

export type Cancel = () => void;

/** Runs `work` once main has been idle for the answer to reach the page. */
export function afterAnswer(work: () => void): Cancel {
  const timer = setTimeout(work, AFTER_ANSWER_MS);
  return () => clearTimeout(timer);
}
