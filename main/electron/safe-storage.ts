import { safeStorage } from 'electron';
import type { SafeStorageLike } from '../vault/types.js';

/**
 * safeStorage for the vault, but only when it is backed by a real keychain. On Linux without a
 * secret service Electron falls back to 'basic_text' (a fixed, public key): that is plaintext in
 * disguise, so the vault is told "not available" and chooses the keyring or memory instead.
 */
export function electronSafeStorage(): SafeStorageLike {
  return {
    isEncryptionAvailable() {
      if (!safeStorage.isEncryptionAvailable()) return false;
      return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
    },
    encryptString: (plain) => safeStorage.encryptString(plain),
    decryptString: (cipher) => safeStorage.decryptString(cipher),
  };
}
