import type { tokenChannels } from '../../../shared/ipc/channels/token.js';
import type { HandlersFor } from '../types.js';
import { testConnection } from './connection-test.js';
import type { ShellDeps } from './deps.js';

/** Token values flow in only; every answer is a status or a test result. */
export function tokenHandlers(d: ShellDeps): HandlersFor<typeof tokenChannels> {
  return {
    'token.status': () => d.live.tokenStatus(),
    'token.set': ({ token }) => d.live.setToken(token),
    'token.test': ({ token }) =>
      testConnection(
        () => d.live.client(token === undefined ? {} : { tokenOverride: token }),
        d.live,
        token === undefined,
      ),
    'token.clear': () => d.live.clearToken(),
  };
}
