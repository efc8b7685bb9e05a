import type { ApiMode, ServiceConnection } from '../../shared/api/connection.js';
import type { CallOutcome } from '../api/observe.js';
import type { ConnectionSetting } from '../../shared/ipc/settings.js';
import type { AppStatus, TokenStatus } from '../../shared/ipc/status.js';
import { UnavailableError } from '../common/unavailable-error.js';
import { serviceIdentity, serviceLabel } from '../../shared/ipc/service-identity.js';
import { createConnectivity, type Connectivity } from '../common/connectivity.js';
import type { TokenVault } from '../vault/types.js';
import type { ClientLimits, CreateLabClient, LabReadClient } from './types.js';
import type { SandboxRunner } from './sandbox-runner.js';
import type { SettingsStore } from '../settings/store.js';

/** A connection setting made concrete: where to call, and under which vault account its token lives. */
export interface ResolvedConnection {
  connection: ServiceConnection;
  account: string;
  /** The sandbox's demo token, kept in memory only; null for custom servers. */
  demoToken: string | null;
}

/**
 * The one connection monitor: where the service is (addresses, the local sandbox), the token's state,
 * and online/offline. Every caller of the service reports its outcome here; the header's banner and
 * the sync bar both read this.
 */
export interface ConnectionMonitor {
  resolve(setting?: ConnectionSetting): Promise<ResolvedConnection>;
  /**
   * A client for the saved connection; `tokenOverride` tests a candidate token without saving it;
   * `limits` replace the client's default timeout and retries (the connection test's single try).
   */
  client(opts?: { setting?: ConnectionSetting; tokenOverride?: string; limits?: ClientLimits }): Promise<LabReadClient>;
  tokenStatus(): Promise<TokenStatus>;
  /**
   * Changes whenever the token a new request carries may be another (set, cleared, another saved
   * connection): a refusal of a request sent under an older epoch is not the current token's.
   */
  tokenEpoch(): string;
  /**
   * Stores the token for `forConnection`, the connection the user saw when giving it. Waits for any
   * settings change already asked for, and refuses (TokenForOtherServiceError) if the saved
   * connection's addresses are then not the ones the token was given for.
   */
  setToken(token: string, forConnection: ConnectionSetting): Promise<TokenStatus>;
  /** Removes the token kept for `forConnection`, the connection the user saw: never another's. */
  clearToken(forConnection: ConnectionSetting): Promise<TokenStatus>;
  /**
   * Puts back the token last cleared for `forConnection` (the page's Undo), if that was less than
   * TOKEN_UNDO_MS ago and no token was saved for it since; else NoTokenToPutBackError, saying why.
   */
  restoreToken(forConnection: ConnectionSetting): Promise<TokenStatus>;
  /** Every service call reports back, so "offline" and "token refused" stay truthful. */
  report(outcome: CallOutcome): void;
  connectionStatus(): AppStatus['connection'];
  readonly onlineState: AppStatus['online'];
  /** The reachability every service caller reports into (the sync engine included). */
  readonly connectivity: Connectivity;
}

export interface ConnectionMonitorOptions {
  settings: SettingsStore;
  vault: TokenVault;
  sandbox: SandboxRunner;
  createLabClient: CreateLabClient | undefined;
  onChange: () => void;
  /** Consecutive calls without an answer before "offline" (default 2). */
  offlineAfter?: number;
  /** The clock for the token's Undo window (default Date.now). */
  now?: () => number;
}

/**
 * How long a cleared token can be put back. The service shows a token once, so one cleared by a slip had
 * to be made again in the service's account settings; one cleared on purpose (it leaked) is gone from the
 * keychain at once, and from this process's memory after this long.
 */
export const TOKEN_UNDO_MS = 5 * 60_000;

/** The page asked to put back a token there is none to put back for: why, in the user's words. */
export class NoTokenToPutBackError extends Error {
  constructor(why: string) {
    super(`The token was not put back: ${why}.`);
    this.name = 'NoTokenToPutBackError';
  }
}

const SANDBOX_ACCOUNT = 'local-sandbox';

/**
 * The vault account of a custom connection names every origin the token is sent to (base, files,
 * events). A token is stored for exactly those origins: a change of any of them is another account,
 * holding no token until the user enters one for it, so a page or a typo cannot redirect the token.
 */
export function tokenAccount(connection: Pick<ServiceConnection, 'baseUrl' | 'filesUrl' | 'eventsUrl'>): string {
  const origin = (url: string) => new URL(url).origin;
  return `base=${origin(connection.baseUrl)} files=${origin(connection.filesUrl)} events=${origin(connection.eventsUrl)}`;
}

const accountOf = (c: ConnectionSetting): string => (c.kind === 'custom' ? tokenAccount(c) : SANDBOX_ACCOUNT);

/**
 * A token was given for addresses that are no longer the saved connection's (the connection was
 * switched while the token was being entered). Storing it would give it to the old service, and the
 * new one would answer "no token", so it is not stored anywhere; the message is the user's.
 */
export class TokenForOtherServiceError extends Error {
  constructor(given: ConnectionSetting, saved: ConnectionSetting) {
    super(
      `The token was not saved: it was entered for ${serviceLabel(serviceIdentity(given))}, but the connection ` +
        `was changed to ${serviceLabel(serviceIdentity(saved))} meanwhile. A token is kept only for the ` +
        'addresses it was entered for. Check the connection above, then enter the token again.',
    );
    this.name = 'TokenForOtherServiceError';
  }
}

/** How the service last turned the token away: refused it, or said none reached it. */
type Refusal = Exclude<CallOutcome, 'ok' | 'network'>;

export function createConnectionMonitor(opts: ConnectionMonitorOptions): ConnectionMonitor {
  const { settings, vault, sandbox } = opts;
  /**
   * The vault accounts (one per service) whose token the service refused on its last answer. Per service:
   * one service's refusal is not another's after a switch, and only the service's answer (accepted or
   * refused) changes it, never a call that went unanswered (a network blip said nothing of the token).
   */
  const refused = new Map<string, Refusal>();
  const refusalNow = () => refused.get(accountOf(current()));
  /** Per vault account, whether it held a token when last read, set or cleared (see tokenStatus). */
  const lastKnown = new Map<string, boolean>();
  /** Bumped by every token set or clear (tokenEpoch). */
  let tokenChanges = 0;
  const now = opts.now ?? Date.now;
  /** The token last cleared, in memory only, for restoreToken; dropped once put back, replaced or too old. */
  let cleared: { account: string; token: string; at: number } | null = null;
  const forgetCleared = () => {
    if (cleared && now() - cleared.at > TOKEN_UNDO_MS) cleared = null;
  };
  const changed = () => opts.onChange();
  const reach = createConnectivity(opts.offlineAfter ?? 2);
  reach.onChange(changed);
  function report(outcome: CallOutcome): void {
    reach.report(outcome);
    if (outcome === 'network') return;
    const account = accountOf(current());
    const next = outcome === 'ok' ? undefined : outcome;
    if (refused.get(account) === next) return;
    if (next === undefined) refused.delete(account);
    else refused.set(account, next);
    changed();
  }
  /** A token set or cleared for `account`: nothing has been refused with it yet. */
  function tokenChanged(account: string): void {
    refused.delete(account);
    if (account !== accountOf(current())) return;
    tokenChanges += 1;
    changed();
  }
  // What the sync engine sees: the same state, and its reports go through the token flag too.
  const connectivity: Connectivity = {
    get online() {
      return reach.online;
    },
    get known() {
      return reach.known;
    },
    get offlineSince() {
      return reach.offlineSince;
    },
    report,
    onChange: (listener) => reach.onChange(listener),
  };

  async function resolve(setting = settings.get().connection): Promise<ResolvedConnection> {
    if (setting.kind === 'custom') {
      const { kind: _kind, ...connection } = setting;
      return { connection, account: tokenAccount(connection), demoToken: null };
    }
    let handle;
    try {
      handle = await sandbox.ensure(setting.mode);
    } catch (err) {
      throw new UnavailableError(err instanceof Error ? err.message : 'The local sandbox is not available.', {
        cause: err,
      });
    }
    const url = handle.url.replace(/\/+$/, '');
    return {
      connection: { baseUrl: url, filesUrl: url, eventsUrl: url, mode: setting.mode },
      account: SANDBOX_ACCOUNT,
      demoToken: handle.demoToken,
    };
  }

  /**
   * There is one sandbox per run: resolving a draft in the other API mode would restart it under the
   * screens, calls and queue using it. A draft is tested only in the mode already running.
   */
  function refuseSandboxRestart(draft: ConnectionSetting): void {
    const s = sandbox.current;
    if (draft.kind !== 'local-sandbox' || s.state === 'stopped' || s.mode === draft.mode) return;
    const name = (m: ApiMode) => (m === 'v2' ? 'API v2' : 'legacy');
    throw new UnavailableError(
      `The local sandbox is running in ${name(s.mode)} mode, and testing ${name(draft.mode)} would restart it. ` +
        'Save the connection to switch to it, then test it.',
    );
  }

  function current(): ConnectionSetting {
    return settings.get().connection;
  }

  return {
    resolve,
    async client(o = {}) {
      if (!opts.createLabClient) throw new UnavailableError('The Lab Data Service client is not part of this build.');
      if (o.setting) refuseSandboxRestart(o.setting);
      const r = await resolve(o.setting);
      const token =
        o.tokenOverride !== undefined
          ? async () => o.tokenOverride ?? null
          : async () => (await vault.get(r.account)) ?? r.demoToken;
      return opts.createLabClient({
        connection: r.connection,
        token,
        ...(o.limits ? { retry: { attempts: o.limits.attempts }, timeoutMs: o.limits.timeoutMs } : {}),
      });
    },
    async tokenStatus() {
      const c = current();
      const account = accountOf(c);
      let user: boolean;
      try {
        user = await vault.has(account);
        lastKnown.set(account, user);
      } catch {
        // A locked keychain: a set or clear fails while it is locked (the vault changes nothing), so
        // what it last answered for this account is still true; never read, no token is known.
        // `storeProblem` says why, and the status itself still answers (the page needs it).
        user = lastKnown.get(account) ?? false;
      }
      const source = user ? 'user' : c.kind === 'local-sandbox' ? 'sandbox-demo' : 'none';
      const storeProblem = vault.problem
        ? `The token store could not be used (${vault.problem}). Unlock the system keychain: the next try uses it again.`
        : null;
      const refusal = refusalNow();
      return {
        set: source !== 'none',
        stored: vault.store,
        source,
        rejected: refusal !== undefined,
        notReceived: refusal === 'token-not-received',
        storeProblem,
      };
    },
    tokenEpoch: () => `${tokenChanges}:${accountOf(current())}`,
    async setToken(token, forConnection) {
      // A connection save already asked for lands first, so the comparison is with what the user
      // will see once it is saved, not with addresses that are about to go.
      await settings.settled();
      const c = current();
      if (accountOf(forConnection) !== accountOf(c)) throw new TokenForOtherServiceError(forConnection, c);
      await vault.set(accountOf(c), token);
      lastKnown.set(accountOf(c), true);
      // A token saved since is the user's choice: the one cleared before it no longer comes back over it.
      if (cleared?.account === accountOf(c)) cleared = null;
      tokenChanged(accountOf(c));
      return this.tokenStatus();
    },
    async clearToken(forConnection) {
      await settings.settled();
      const account = accountOf(forConnection);
      // Read before it goes, for Undo: a keychain that cannot be read now gives no Undo, and clears as before.
      const token = await vault.get(account).catch(() => null);
      await vault.clear(account);
      const kept = token === null ? null : { account, token, at: now() };
      cleared = kept;
      // Out of memory once it can no longer be put back, whether or not anyone asks again.
      if (kept)
        setTimeout(() => {
          if (cleared === kept) cleared = null;
        }, TOKEN_UNDO_MS + 1_000).unref();
      lastKnown.set(account, false);
      // Another service's token (the page showed it while a switch was saved): the one in use, and
      // whether the service refused it, are unchanged.
      tokenChanged(account);
      return this.tokenStatus();
    },
    async restoreToken(forConnection) {
      await settings.settled();
      forgetCleared();
      const account = accountOf(forConnection);
      const kept = cleared;
      if (kept === null || kept.account !== account)
        throw new NoTokenToPutBackError(
          `no token was cleared for ${serviceLabel(serviceIdentity(forConnection))} in the last ${TOKEN_UNDO_MS / 60_000} minutes`,
        );
      if (await vault.has(account)) {
        cleared = null;
        throw new NoTokenToPutBackError('a token has been saved for this service since');
      }
      await vault.set(account, kept.token);
      cleared = null;
      lastKnown.set(account, true);
      tokenChanged(account);
      return this.tokenStatus();
    },
    report,
    connectivity,
    connectionStatus() {
      const c = current();
      if (c.kind === 'custom') {
        return { kind: 'custom', label: new URL(c.baseUrl).host, baseUrl: c.baseUrl, state: 'ready', message: null };
      }
      const s = sandbox.current;
      const label = `Local sandbox (${c.mode === 'v2' ? 'API v2' : 'legacy'})`;
      if (s.state === 'ready')
        return { kind: 'local-sandbox', label, baseUrl: s.handle.url, state: 'ready', message: null };
      if (s.state === 'error')
        return { kind: 'local-sandbox', label, baseUrl: null, state: 'error', message: s.message };
      return { kind: 'local-sandbox', label, baseUrl: null, state: 'starting', message: null };
    },
    get onlineState() {
      return reach.known ? (reach.online ? 'online' : 'offline') : 'unknown';
    },
  };
}
