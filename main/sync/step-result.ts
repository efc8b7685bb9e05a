import type { Classified } from './classify.js';
import type { Outbox } from '../outbox/outbox-store.js';
import type { SyncPlatform } from './platform.js';
import type { SyncTransport } from './transport.js';

/** What one send (a batch, or a single entry) meant for the drain loop. */
export type StepResult =
  | { kind: 'ok'; requests: number }
  /** Nothing of this lane may go before an older entry in another lane (a tube moved between them). */
  | { kind: 'waiting'; requests: 0 }
  | { kind: 'transient'; failure: Classified; requests: number }
  | { kind: 'paused'; failure: Classified; requests: number };

export type SyncLog = (message: string, fields: Record<string, string | number | null>) => void;

/** What every sender needs; built once by the engine. */
export interface SendContext {
  outbox: Outbox;
  transport: SyncTransport;
  platform: SyncPlatform;
  signal: AbortSignal;
  /** Counts requests that got an answer from the server (for status, offline detection and tests). */
  onAnswered(): void;
  /**
   * Whether the service counts as reachable now (the last thing heard from it, a request or its probe,
   * was an answer): a timeout then is this request's problem and counts toward the bound.
   */
  reachable(): boolean;
  /**
   * Asks the main service now (its probe) whether it answers, reporting what it heard to the app's one
   * connectivity: a silence of the files or events address is that address's only while it does.
   */
  mainAnswers(): Promise<boolean>;
  /** One line for things the user is shown only as a note (an accepted write's unreadable answer). */
  log?: SyncLog;
  /** Today's staging folder (locateStaged): where an upload's copy is when the data folder was moved. */
  stagingDir?: string;
}
