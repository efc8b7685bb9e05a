export { createVault, type VaultOptions } from './create-vault.js';
export type { KeyringEntry, KeyringFactory, SafeStorageLike, TokenVault } from './types.js';
export { TokenStoreUnavailableError } from './store-unavailable.js';
