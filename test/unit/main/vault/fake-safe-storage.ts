import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SafeStorageLike } from '../../../../main/vault/types.js';

/**
 * Stands in for Electron's safeStorage, which needs Electron: real AES, under a key held in memory as
 * the OS keychain would hold it (a new one per call: another computer's, or a lost keychain).
 */
export function fakeSafeStorage(): SafeStorageLike {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    encryptString(plain) {
      const iv = randomBytes(16);
      const c = createCipheriv('aes-256-cbc', key, iv);
      return Buffer.concat([iv, c.update(plain, 'utf8'), c.final()]);
    },
    decryptString(cipher) {
      const d = createDecipheriv('aes-256-cbc', key, cipher.subarray(0, 16));
      return Buffer.concat([d.update(cipher.subarray(16)), d.final()]).toString('utf8');
    },
  };
}
