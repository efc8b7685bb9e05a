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
    'token.set': ({ token, connection }) => refusalsSaid(() => d.live.setToken(token, connection)),
    'token.test': ({ token }) =>
      testConnection(
        (limits) => d.live.client(token === undefined ? { limits } : { tokenOverride: token, limits }),
        d.live,
        token === undefined,
        async () => (await d.live.resolve()).connection.baseUrl,
      ),
    'token.clear': ({ connection }) => d.live.clearToken(connection),
    'token.restore': ({ connection }) => refusalsSaid(() => d.live.restoreToken(connection)),
  };
}

/** The monitor's refusals worded for the user (a token for another service, none to put back): failures with their words. */
async function refusalsSaid<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TokenForOtherServiceError || err instanceof NoTokenToPutBackError)
      throw new IpcFailure('failed', err.message);
    throw err;
  }
}
