import { UnavailableError } from '../common/unavailable-error.js';
import type { TokenStore } from '../../shared/ipc/status.js';

const STORE_NAME: Record<TokenStore, string> = {
  keychain: 'The system keychain',
  'safe-storage': 'The system keychain (which encrypts the token)',
  'memory-only': 'The in-memory token store',
};

/**
 * The secure token store failed (typically: the keychain is locked). Nothing was read or changed; the
 * message is the user's and names what to do. It never carries the token.
 */
export class TokenStoreUnavailableError extends UnavailableError {
  readonly reason: string;
  constructor(store: TokenStore, doing: 'read' | 'saved' | 'removed', reason: string, options?: { cause?: unknown }) {
    super(
      `${STORE_NAME[store]} is locked or unavailable (${reason}), so the token was not ${doing}. ` +
        'Unlock it and try again.',
      options,
    );
    this.name = 'TokenStoreUnavailableError';
    this.reason = reason;
  }
}
