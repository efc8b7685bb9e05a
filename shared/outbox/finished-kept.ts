/**
 * How long a finished entry stays before it is pruned: a synced one for the Outbox's "Recently sent"
 * tab, a cancelled or discarded one as long (history all the same; a screen's undo may still ask). Main
 * prunes by it (main/outbox/prune-schedule.ts); the page reads an entry missing before then as moved, not
 * pruned (renderer/lib/records/record-page.svelte.ts).
 */
export const FINISHED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
