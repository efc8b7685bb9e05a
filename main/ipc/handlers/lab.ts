import { observed } from '../../api/observe.js';
import {
  LAB_READ_ENDPOINTS,
  labChannelName,
  type LabReadEndpoint,
  type labChannels,
} from '../../../shared/ipc/channels/lab.js';
import type { RequestOf, ResponseOf } from '../../../shared/api/endpoints.js';
import type { HandlersFor } from '../types.js';
import type { ShellDeps } from './deps.js';

/** Each `lab.<endpoint>` channel calls the API client method of the same name. */
export function labHandlers(d: ShellDeps): HandlersFor<typeof labChannels> {
  const call = <N extends LabReadEndpoint>(endpoint: N, request: RequestOf<N>): Promise<ResponseOf<N>> =>
    observed(
      (o) => d.live.report(o),
      async () => {
        const client = await d.live.client();
        // Indexing the client by a generic key yields a union of all methods; TS cannot correlate
        // it back to N, though LabReadClient's mapped type guarantees the match.
        const method = client[endpoint] as unknown as (r: RequestOf<N>) => Promise<ResponseOf<N>>;
        return method(request);
      },
    );
  // Built from the endpoint list so the table and the handlers cannot drift apart.
  const entries = LAB_READ_ENDPOINTS.map((n) => [
    labChannelName(n),
    (payload: RequestOf<typeof n>) => call(n, payload),
  ]);
  return Object.fromEntries(entries) as unknown as HandlersFor<typeof labChannels>;
}
