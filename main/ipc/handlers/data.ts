import { observed } from '../../api/observe.js';
import type { dataChannels } from '../../../shared/ipc/channels/data.js';
import type { HandlersFor } from '../types.js';
import type { ShellDeps } from './deps.js';

/** The data browser's reads that are not one-channel-per-endpoint (see shared/ipc/channels/data.ts). */
export function dataHandlers(d: Pick<ShellDeps, 'live'>): HandlersFor<typeof dataChannels> {
  return {
    // Reported like the lab.* reads, so the offline / token banners stay truthful.
    'data.findSequenceByName': ({ name }) =>
      observed(
        (o) => d.live.report(o),
        async () => (await d.live.client()).findSequenceByName(name),
      ),
  };
}
