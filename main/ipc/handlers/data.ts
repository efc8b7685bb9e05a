import { ApiError } from '../../api/errors.js';
import type { dataChannels } from '../../../shared/ipc/channels/data.js';
import type { HandlersFor } from '../types.js';
import type { ShellDeps } from './deps.js';

/** The data browser's reads that are not one-channel-per-endpoint (see shared/ipc/channels/data.ts). */
export function dataHandlers(d: Pick<ShellDeps, 'live'>): HandlersFor<typeof dataChannels> {
  return {
    'data.findSequenceByName': async ({ name }) => {
      const client = await d.live.client();
      try {
        const result = await client.findSequenceByName(name);
        d.live.report('ok');
        return result;
      } catch (err) {
        // Same reporting as the lab.* reads, so the offline / token banners stay truthful.
        if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) d.live.report('network');
        else if (err instanceof ApiError && err.kind === 'auth') d.live.report('auth');
        throw err;
      }
    },
  };
}
