/**
 * How long a finished entry stays before it is pruned: a synced one for the Outbox's "Recently sent"
 * tab, a cancelled or discarded one as long (history all the same; a screen's undo may still ask). Main
 * prunes by it (main/outbox/prune-schedule.ts); the page reads an entry missing before then as moved, not
 * pruned (renderer/lib/records/record-page.svelte.ts).
 */
export const FINISHED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** FINISHED_KEPT_MS in words, as main's refusals and the screens say it. */
export const FINISHED_KEPT_SAID = `${FINISHED_KEPT_MS / (24 * 60 * 60 * 1000)} days`;

/**
 * How long a discarded upload's staged copy is kept, so the Discard's Undo (right after, or from the
 * Discarded tab) can put the upload back and send it from the same bytes. Shorter than FINISHED_KEPT_MS:
 * a discarded upload is often a large file the service refused, and a month of such copies fills a disk.
 * Main removes the copy after it (main/staging/cleanup.ts) and refuses the Undo from then on
 * (main/outbox/discards.ts), by the same discard time.
 */
export const DISCARDED_UPLOAD_COPY_KEPT_MS = 24 * 60 * 60 * 1000;

/** DISCARDED_UPLOAD_COPY_KEPT_MS in words, as every screen and main's refusals say it. */
export const DISCARDED_UPLOAD_COPY_KEPT_SAID = `${DISCARDED_UPLOAD_COPY_KEPT_MS / (60 * 60 * 1000)} hours`;
