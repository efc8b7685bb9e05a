import type { TokenStore } from '../../shared/ipc/status.js';

/**
 * Holds bearer tokens per account (one account per service base URL). Values go in and come out
 * only inside main; the renderer learns `has()` and `store`, never the value.
 */
export interface TokenVault {
  /** Where tokens are kept: a secure store, or 'memory-only' when none worked at start. */
  readonly store: TokenStore;
  /**
   * Why the secure store failed on its last call (a locked keychain), or null when it worked. The
   * next call tries it again; a failed call throws TokenStoreUnavailableError and changes nothing.
   */
  readonly problem?: string | null;
  get(account: string): Promise<string | null>;
  has(account: string): Promise<boolean>;
  set(account: string, token: string): Promise<void>;
  clear(account: string): Promise<void>;
}

/** The slice of Electron's safeStorage we use, injected from main/electron so this stays Node-only. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(cipher: Buffer): string;
}

/** The slice of @napi-rs/keyring's AsyncEntry we use; a factory so tests can fake the OS keychain. */
export interface KeyringEntry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deletePassword(): Promise<boolean>;
}
export type KeyringFactory = (service: string, account: string) => KeyringEntry;
