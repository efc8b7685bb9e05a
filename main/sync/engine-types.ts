import type { UploadSendProgress } from '../../shared/ipc/channels/upload.js';
import type { Outbox } from '../outbox/outbox-store.js';
import type { EntryError } from '../outbox/entry.js';
import type { TypedEmitter } from '../common/emitter.js';
import type { Connectivity } from '../common/connectivity.js';
import type { BackoffOptions } from './backoff.js';
import type { ListedTubes } from './cross-target.js';
import type { LaneHold } from './lane-holds.js';
import type { PlateNames } from './plate-names.js';
import type { SyncPlatform } from './platform.js';
import type { QueueHold } from './queue-hold.js';
import type { SyncLog } from './step-result.js';
import type { TubeNames } from './tube-names.js';
import type { SyncTransport } from './transport.js';

/* The sync engine's face: what it is built from, what it tells, and what the app asks of it (sync-engine.ts). */

export interface SyncStatus {
  online: boolean;
  /** Set when nothing can be sent until the user acts (a new token). */
  paused: 'token-needed' | null;
  syncing: boolean;
  lastSyncAt: number | null;
  nextRetryAt: number | null;
  lastError: EntryError | null;
}

/** Entry changes and counts are the outbox's own events; the engine adds its status. */
export interface SyncEvents {
  status: SyncStatus;
  'token-needed': { message: string };
}

export interface SyncEngineOptions {
  outbox: Outbox;
  transport: SyncTransport;
  platform?: SyncPlatform;
  backoff?: BackoffOptions;
  /**
   * The app's one online/offline state (the connection monitor's): the engine reports every call's
   * outcome into it and waits on it while offline. Tests may leave it out for a private one.
   */
  connectivity?: Connectivity;
  /** Consecutive network failures before "offline", for the private connectivity only. */
  offlineAfter?: number;
  probeIntervalMs?: number;
  /**
   * The longest wait after an enqueue before sending (default 500 ms; the moment itself follows the
   * bench's pace, see send-moment.ts): a short wait lets bursts share one request and gives "undo"
   * (cancel) a moment before the entry leaves. Feedback never waits for it: the scan is confirmed by
   * the local commit.
   */
  kickDelayMs?: number;
  /**
   * Changes whenever the token a request carries may have changed (a token given or removed, another
   * connection saved). A refusal of a request sent before the change says nothing about the new
   * token, so it pauses nothing: the step goes again with the token in use now.
   */
  tokenEpoch?: () => unknown;
  /**
   * Every name of a tube, or of any row (the read cache's rows), so moves of one tube and updates of
   * one row queued under its two names stay in order and never land older over newer.
   */
  tubeNames?: TubeNames;
  /**
   * A plate's uuid and hrid (the read cache's saved plates), so a move into a well and a change of that
   * well queued under either name are seen as one well and never land older over newer.
   */
  plateNames?: PlateNames;
  listedTubes?: ListedTubes;
  log?: SyncLog;
  /** Today's staging folder: a queued upload's copy is found there by name when its stored path is gone. */
  stagingDir?: string;
  /** How far an upload being sent has come (a few times a second): a big file's row shows it, not a bare "sending". */
  onUploadProgress?: (progress: UploadSendProgress) => void;
}

export interface SyncEngine {
  readonly events: TypedEmitter<SyncEvents>;
  /** Recovers entries interrupted by a crash, then drains. Call once. */
  start(): void;
  /** Aborts the request in flight and waits for the drain to settle its entries. */
  stop(): Promise<void>;
  /**
   * The user's Sync now: drains now, ignoring every pending backoff; resolves when the queue is empty or
   * blocked. Never for what a choice on one entry frees: that is sendDue.
   */
  syncNow(): Promise<void>;
  /**
   * Sends what may go now: after the user's choice on an entry (discard, retry, "It arrived", "Send again",
   * a correction, an undo), what it freed goes at once, while every lane and the whole queue waiting out a
   * backoff keep waiting. Clearing those (syncNow) sent a plate change the service had asked to wait a
   * 429's Retry-After for again at each of eight discards in a row, until it gave up. Resolves when that
   * drain has settled.
   */
  sendDue(): Promise<void>;
  /** After a new token was given to the client. */
  resume(): Promise<void>;
  /**
   * The user asks to send a failed or uncertain entry again. For a plate held because it changed
   * elsewhere this is "send anyway": the plate as read then is accepted and every change held with it goes.
   */
  retry(id: number): boolean;
  status(): SyncStatus;
  /** When a lane the service failed goes again, and why it waits; null when it is not held. */
  laneHold(target: string): LaneHold | null;
  /** Why the whole queue waits now (offline, "slow down", token refused), or null when it does not. */
  queueHold(): QueueHold | null;
}
