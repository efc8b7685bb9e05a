import type { appChannels } from '../../../shared/ipc/channels/app.js';
import type { HandlersFor } from '../types.js';
import { testConnection } from './connection-test.js';
import type { ShellDeps } from './deps.js';

export function appHandlers(d: ShellDeps): HandlersFor<typeof appChannels> {
  return {
    'app.info': () => d.info,
    'app.status': () => d.status(),
    'app.ping': () => ({}),
    'connection.test': ({ connection }) =>
      // A candidate connection is tested without touching the saved status.
      testConnection(
        (limits) => d.live.client(connection ? { setting: connection, limits } : { limits }),
        d.live,
        connection === undefined,
        async () => (await d.live.resolve(connection)).connection.baseUrl,
      ),
  };
}
