/**
 * What one service call says about the connection: answered, no answer at all, token refused, or the
 * service saying no token reached it although one was sent (a proxy removing the header, or an
 * address missing part of its path: a new token would not help).
 */
export type CallOutcome = 'ok' | 'network' | 'auth' | 'token-not-received';

/**
 * Online/offline, inferred from calls: a few consecutive calls with no answer at all mean offline;
 * any answer from the server, even an error, means online. The connection monitor owns the app's one
 * instance; every caller of the service (UI reads, the sync engine) reports into it.
 */
export interface Connectivity {
  readonly online: boolean;
  /** False until the first call reported: the UI then says "unknown". */
  readonly known: boolean;
  /**
   * When the service last stopped answering (this state's change to offline), or null while online.
   * Kept here, not by whoever listens, so one that starts listening later (the sync engine started
   * while the service was already unreachable) still knows since when.
   */
  readonly offlineSince: number | null;
  report(outcome: CallOutcome): void;
  onChange(listener: (online: boolean) => void): () => void;
}

export function createConnectivity(offlineAfter = 2, now: () => number = Date.now): Connectivity {
  let failures = 0;
  let offline = false;
  let known = false;
  let offlineSince: number | null = null;
  const listeners = new Set<(online: boolean) => void>();
  const set = (next: boolean) => {
    if (offline === next) return;
    offline = next;
    offlineSince = offline ? now() : null;
    for (const l of [...listeners]) l(!offline);
  };
  return {
    get online() {
      return !offline;
    },
    get known() {
      return known;
    },
    get offlineSince() {
      return offlineSince;
    },
    report(outcome) {
      known = true;
      if (outcome !== 'network') {
        failures = 0;
        set(false);
        return;
      }
      failures += 1;
      if (failures >= offlineAfter) set(true);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
