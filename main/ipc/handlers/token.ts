import type { tokenChannels } from '../../../shared/ipc/channels/token.js';
import type { HandlersFor } from '../types.js';
import { testConnection } from './connection-test.js';
import { NoTokenToPutBackError, TokenForOtherServiceError } from '../../connection/monitor.js';
import { IpcFailure } from '../failure.js';
import type { ShellDeps } from './deps.js';

/** Token values flow in only; every answer is a status or a test result. */
export function tokenHandlers(d: ShellDeps): HandlersFor<typeof tokenChannels> {
  return {
    'token.status': () => d.live.tokenStatus(),
    'token.set': async ({ token, connection }) => {
      try {
        return await d.live.setToken(token, connection);
      } catch (err) {
        if (err instanceof TokenForOtherServiceError) throw new IpcFailure('failed', err.message);
        throw err;
      }
    },
    'token.test': ({ token }) =>
      testConnection(
        (limits) => d.live.client(token === undefined ? { limits } : { tokenOverride: token, limits }),
        d.live,
        token === undefined,
        async () => (await d.live.resolve()).connection.baseUrl,
      ),
    'token.clear': ({ connection }) => d.live.clearToken(connection),
    'token.restore': async ({ connection }) => {
      try {
        return await d.live.restoreToken(connection);
      } catch (err) {
        if (err instanceof NoTokenToPutBackError) throw new IpcFailure('failed', err.message);
        throw err;
      }
    },
  };
}
