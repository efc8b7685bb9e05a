import type { KeyringFactory } from './types.js';

/**
 * @napi-rs/keyring as a vault keyring factory. Loaded lazily: a missing or broken native binding
 * is just "no keychain here", never a crash.
 */
export async function loadKeyring(): Promise<KeyringFactory | undefined> {
  try {
    const { AsyncEntry } = await import('@napi-rs/keyring');
    return (service, account) => new AsyncEntry(service, account);
  } catch {
    return undefined;
  }
}
