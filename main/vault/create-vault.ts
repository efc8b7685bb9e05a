import { createKeyringVault, probeKeyring } from './keyring-vault.js';
import { createMemoryVault } from './memory-vault.js';
import { createSafeStorageVault, removeTokenFile } from './safe-storage-vault.js';
import { createSharedVault, type OtherStore } from './shared-vault.js';
import { TokenStoreUnavailableError } from './store-unavailable.js';
import type { KeyringFactory, SafeStorageLike, TokenVault } from './types.js';
import type { Logger } from '../common/logger.js';

export interface VaultOptions {
  dataDir: string;
  log: Logger;
  /** Given only inside Electron. */
  safeStorage?: SafeStorageLike;
  /** The OS keychain (@napi-rs/keyring), in both shells; omitted means none. */
  keyring?: KeyringFactory;
  /** False on the embedded sandbox, which needs no token: no keychain is then nothing to warn about. */
  tokenNeeded?: boolean;
}

/**
 * Picks the store that works here: the OS keychain, then safeStorage, then memory (only when no secure
 * store works at all, so a memory-only token is never mistaken for a saved one). The keychain first
 * because it is the one store both shells can read (the browser host has no safeStorage) and they share
 * the data folder: with the desktop app on its encrypted file and the host on the keychain, a token
 * removed in one stayed saved, and was sent, in the other. The encrypted file is still read (and moved to
 * the keychain) and removed with the token, in both shells (see shared-vault.ts).
 * A secure store that fails later (a locked keychain) is not swapped for memory: the call fails with
 * TokenStoreUnavailableError, `problem` says why, and the next call tries the store again, so a token
 * set or cleared is always set or cleared where the next start will read it.
 */
export async function createVault(opts: VaultOptions): Promise<TokenVault> {
  const keychain = opts.keyring && (await probeKeyring(opts.keyring)) ? createKeyringVault(opts.keyring) : null;
  const encrypted = opts.safeStorage?.isEncryptionAvailable()
    ? createSafeStorageVault(opts.safeStorage, opts.dataDir)
    : null;
  const primary = keychain ?? encrypted;
  const others: OtherStore[] = [];
  if (primary !== encrypted) {
    others.push(
      encrypted
        ? { name: 'the desktop app token file', get: (a) => encrypted.get(a), clear: (a) => encrypted.clear(a) }
        : { name: 'the desktop app token file', clear: (a) => removeTokenFile(opts.dataDir, a) },
    );
  }
  if (!primary) {
    const message = 'no secure token store available; a token for a real service is kept in memory for this run only';
    if (opts.tokenNeeded === false) opts.log.info(message);
    else opts.log.warn(message);
  }
  return withRetry(createSharedVault(primary ?? createMemoryVault(), others, opts.log), opts.log);
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
