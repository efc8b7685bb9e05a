import { createKeyringVault, probeKeyring } from './keyring-vault.js';
import { createMemoryVault } from './memory-vault.js';
import { createSafeStorageVault } from './safe-storage-vault.js';
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
 * Picks the most secure store that works here: safeStorage, then the OS keychain, then memory.
 * If the chosen secure store fails later, the vault falls back to memory for the rest of the run
 * (status changes to 'memory-only', so the UI warns) rather than failing the user's action.
 */
export async function createVault(opts: VaultOptions): Promise<TokenVault> {
  let primary: TokenVault | null = null;
  if (opts.safeStorage?.isEncryptionAvailable()) primary = createSafeStorageVault(opts.safeStorage, opts.dataDir);
  else if (opts.keyring && (await probeKeyring(opts.keyring))) primary = createKeyringVault(opts.keyring);
  const memory = createMemoryVault();
  if (!primary) {
    const message = 'no secure token store available; a token for a real service is kept in memory for this run only';
    if (opts.tokenNeeded === false) opts.log.info(message);
    else opts.log.warn(message);
    return memory;
  }
  return withFallback(primary, memory, opts.log);
}

function withFallback(primary: TokenVault, memory: TokenVault, log: Logger): TokenVault {
  let active = primary;
  const guard = async <T>(op: (v: TokenVault) => Promise<T>): Promise<T> => {
    if (active === memory) return op(memory);
    try {
      return await op(active);
    } catch (err) {
      log.warn('secure token store failed; using memory for this run', {
        store: primary.store,
        error: err instanceof Error ? err.message : 'unknown',
      });
      active = memory;
      return op(memory);
    }
  };
  return {
    get store() {
      return active.store;
    },
    get: (a) => guard((v) => v.get(a)),
    has: (a) => guard((v) => v.has(a)),
    set: (a, t) => guard((v) => v.set(a, t)),
    clear: (a) => guard((v) => v.clear(a)),
  };
}
