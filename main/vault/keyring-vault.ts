import { randomBytes } from 'node:crypto';
import type { KeyringFactory, TokenVault } from './types.js';

export const KEYRING_SERVICE = 'benchlink';

/**
 * Whether the OS keychain works at all: a throwaway secret is written, read back and deleted.
 * Reading alone proves nothing (Secret Service without D-Bus answers "none" to reads and fails
 * writes), and any error means "no secure store".
 */
export async function probeKeyring(factory: KeyringFactory): Promise<boolean> {
  try {
    const entry = factory(KEYRING_SERVICE, 'benchlink-probe');
    const nonce = randomBytes(8).toString('hex');
    await entry.setPassword(nonce);
    const back = await entry.getPassword();
    await entry.deletePassword();
    return back === nonce;
  } catch {
    return false;
  }
}

/** Outside Electron: tokens in the OS keychain / Secret Service via @napi-rs/keyring. */
export function createKeyringVault(factory: KeyringFactory): TokenVault {
  return {
    store: 'keychain',
    get: (account) => factory(KEYRING_SERVICE, account).getPassword(),
    has: async (account) => (await factory(KEYRING_SERVICE, account).getPassword()) !== null,
    set: (account, token) => factory(KEYRING_SERVICE, account).setPassword(token),
    async clear(account) {
      await factory(KEYRING_SERVICE, account).deletePassword();
    },
  };
}
