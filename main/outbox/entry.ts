import type { Intent, IntentType } from '../../shared/outbox/intents.js';
import type { Supply } from '../../shared/outbox/dependency.js';
import type { OutboxCounts } from '../../shared/ipc/channels/outbox.js';

export const ENTRY_STATES = ['pending', 'sending', 'done', 'failed', 'uncertain', 'cancelled', 'discarded'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];
/** States nothing more happens to: sent, or taken out by the user. Kept a while as history, then pruned. */
export const FINISHED_STATES = ['done', 'cancelled', 'discarded'] as const satisfies readonly EntryState[];
export type FinishedState = (typeof FINISHED_STATES)[number];
/** Every other state: still to be sent, or to be decided by the user. What such an entry names must stay. */
export const OPEN_STATES = ['pending', 'sending', 'failed', 'uncertain'] as const satisfies readonly EntryState[];

/** Why the last attempt did not succeed, as the server (or the network) said it. */
export interface EntryError {
  kind: string;
  status?: number;
  serverMessage?: string;
  reason?: string;
  /** A sentence for the UI. */
  message: string;
  at: number;
  /** For a plate held because it changed elsewhere: the plate as read then ("send anyway" accepts it). */
  plate?: PlateState;
}

export interface OutboxEntry {
  id: number;
  type: IntentType;
  target: string;
  intent: Intent;
  createdAt: number;
  updatedAt: number;
  state: EntryState;
  attempts: number;
  lastError: EntryError | null;
  /** The request this entry was last sent in (shared by every entry of a coalesced batch). */
  requestId: string | null;
  /** What the server answered for this entry (fileId, requestId, created uuid...). */
  result: unknown;
  dedupeKey: string | null;
  /** Failed attempts the service answered (5xx, 429, an unreadable answer); time offline adds nothing. */
  answeredFailures: number;
  /**
   * Attempts whose outcome was uncertain (it may have reached the service; no answer said): each time
   * the entry was settled 'uncertain', a crash mid-send included. Kept when it is resent.
   */
  uncertainAttempts: number;
  /** The earlier entry this one is sent after, and which of its fields that entry's result fills. */
  dependsOn: number | null;
  supplies: Supply | null;
  /** The identity of the service it was queued for (shared/ipc/service-identity.ts); sent only there. */
  service: string;
}

/**
 * A stored entry that this version cannot read (its payload damaged, or written by a newer version
 * with a kind or field this one does not know). It is never sent; lists show it with the reason so
 * the user can discard it, and every other entry reads as usual.
 */
export interface UnreadableEntry {
  id: number;
  /** The kind as stored, which may be one this version does not know. */
  type: string;
  target: string;
  createdAt: number;
  updatedAt: number;
  state: EntryState;
  attempts: number;
  lastError: EntryError | null;
  service: string;
  /** Why it cannot be read, in words for the user. */
  unreadable: string;
}

/**
 * A lane whose next entry waits for other entries that are not done yet (the upload whose file id it
 * takes, the changes a record states): it and every later entry of the lane wait with it.
 */
export interface HeldLane {
  target: string;
  /** The lane's first pending entry: the one that waits. */
  head: number;
  /** Its stored kind: it is named by it on the entries behind it when its payload no longer reads. */
  headType: string;
  /** What it waits for, oldest first, by id, stored kind and state. */
  waitsFor: { id: number; type: string; state: EntryState }[];
}

/** What a list of entries holds: an entry, or one that no longer reads. */
export type ListedEntry = OutboxEntry | UnreadableEntry;

export const isUnreadable = (e: ListedEntry): e is UnreadableEntry => 'unreadable' in e;

/** The queue's counts are the contract's own shape: what main counts is what every screen reads. */
export type QueueCounts = OutboxCounts;

export interface EntryStateChange {
  id: number;
  type: IntentType;
  target: string;
  state: EntryState;
  lastError: EntryError | null;
}

/**
 * A decided outcome for one entry, written together with its neighbours in one transaction.
 * `answered` counts one more failed attempt that the service answered (bounding retries).
 */
export type Settlement =
  | { id: number; state: 'done'; result?: unknown }
  | { id: number; state: 'failed' | 'uncertain'; error: EntryError; answered?: boolean }
  | { id: number; state: 'pending'; error?: EntryError; answered?: boolean };

/** What a plate looked like on the service: the two fields the spec promises that change with its wells. */
export interface PlateState {
  lastUpdate: string | null;
  emptySpaces: number | null;
}

/**
 * Two readings of a plate agree unless a field both carry differs; a service that sends neither
 * cannot be checked. The send-time plate check and the plate record judge "changed elsewhere" alike.
 */
export function readingsAgree(a: PlateState, b: PlateState): boolean {
  if (a.lastUpdate !== null && b.lastUpdate !== null && a.lastUpdate !== b.lastUpdate) return false;
  if (a.emptySpaces !== null && b.emptySpaces !== null && a.emptySpaces !== b.emptySpaces) return false;
  return true;
}

/**
 * Whether two readings show that nobody changed the plate between them, on a service that lists no
 * wells: they agree, and both carry lastUpdate. Without it only the count is left, and another bench that
 * swaps, moves or replaces tubes leaves the count as it was, so such readings agree whatever happened.
 * (readingsAgree still lets them pass the send-time check, which has nothing better: the screens hold
 * the fill on such a plate instead, stored-manifest.ts unplacedUsed.)
 */
export function readingsShowNoChange(a: PlateState, b: PlateState): boolean {
  return a.lastUpdate !== null && b.lastUpdate !== null && readingsAgree(a, b);
}

/**
 * A plate as this computer's own writes left it. `before`, when set, is the plate as read just before
 * the first of them (moves into it): only a reading that agrees with it is this computer's own. Without
 * it, any earlier reading is (after a write to its wells, whose check already compared them).
 */
export interface PlateSeen extends PlateState {
  before?: PlateState;
}
