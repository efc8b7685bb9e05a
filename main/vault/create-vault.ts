import { createKeyringVault, probeKeyring } from './keyring-vault.js';
import { createMemoryVault } from './memory-vault.js';
import { createSafeStorageVault } from './safe-storage-vault.js';
import { TokenStoreUnavailableError } from './store-unavailable.js';
import type { KeyringFactory, SafeStorageLike, TokenVault } from './types.js';
import type { Logger } from '../common/logger.js';

export interface VaultOptions {
  dataDir: string;
  log: Logger;
  /** Given only inside Electron. */
  safeStorage?: SafeStorageLike;
  /** Given outside Electron (or in tests); omitted means no keychain. */
  keyring?: KeyringFactory;
  /** False on the embedded sandbox, which needs no token: no keychain is then nothing to warn about. */
  tokenNeeded?: boolean;
}

/**
 * Picks the most secure store that works here: safeStorage, then the OS keychain, then memory (only
 * when no secure store works at all, so a memory-only token is never mistaken for a saved one).
 * A secure store that fails later (a locked keychain) is not swapped for memory: the call fails with
 * TokenStoreUnavailableError, `problem` says why, and the next call tries the store again, so a token
 * set or cleared is always set or cleared where the next start will read it.
 */
export async function createVault(opts: VaultOptions): Promise<TokenVault> {
  let primary: TokenVault | null = null;
  if (opts.safeStorage?.isEncryptionAvailable()) primary = createSafeStorageVault(opts.safeStorage, opts.dataDir);
  else if (opts.keyring && (await probeKeyring(opts.keyring))) primary = createKeyringVault(opts.keyring);
  if (!primary) {
    const message = 'no secure token store available; a token for a real service is kept in memory for this run only';
    if (opts.tokenNeeded === false) opts.log.info(message);
    else opts.log.warn(message);
    return createMemoryVault();
  }
  return withRetry(primary, opts.log);
}

const DOING = { get: 'read', has: 'read', set: 'saved', clear: 'removed' } as const;

function withRetry(primary: TokenVault, log: Logger): TokenVault {
  let problem: string | null = null;
  const guard = async <T>(what: keyof typeof DOING, op: () => Promise<T>, secret?: string): Promise<T> => {
    try {
      const result = await op();
      problem = null;
      return result;
    } catch (err) {
      const raw = err instanceof Error ? err.message : String(err);
      // A store's error text is not ours: make sure the token it was handed never rides on it.
      const reason = secret ? raw.split(secret).join('[token]') : raw;
      problem = reason;
      log.warn('secure token store failed; nothing was changed, the next call tries it again', {
        store: primary.store,
        action: what,
        error: reason,
      });
      throw new TokenStoreUnavailableError(primary.store, DOING[what], reason, { cause: err });
    }
  };
  return {
    store: primary.store,
    get problem() {
      return problem;
    },
    get: (a) => guard('get', () => primary.get(a)),
    has: (a) => guard('has', () => primary.has(a)),
    set: (a, t) => guard('set', () => primary.set(a, t), t),
    clear: (a) => guard('clear', () => primary.clear(a)),
  };
}
