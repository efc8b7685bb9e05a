import { z } from 'zod';
import { ENDPOINTS, type ResponseOf } from '../../api/endpoints.js';
import { channel, type ChannelDef } from '../channel.js';

/**
 * The Lab Data Service reads the UI may make directly. Writes are not here on purpose: they go
 * through the outbox (durable before visible), whose channels its owner adds.
 */
export const LAB_READ_ENDPOINTS = [
  'fetchLabsheetList',
  'fetchLabsheetRows',
  'fetchManifestMetadata',
  'fetchLabspaceList',
  'fetchLabspace',
  'fetchFolder',
  'listSequences',
  'fetchSequence',
  'fetchLocationCreateStatus',
] as const;
export type LabReadEndpoint = (typeof LAB_READ_ENDPOINTS)[number];

export type LabChannelName<N extends LabReadEndpoint = LabReadEndpoint> = `lab.${N}`;
export const labChannelName = <N extends LabReadEndpoint>(n: N): LabChannelName<N> => `lab.${n}`;

type LabChannels = {
  [N in LabReadEndpoint as LabChannelName<N>]: ChannelDef<(typeof ENDPOINTS)[N]['request'], z.ZodType<ResponseOf<N>>>;
};

/**
 * Requests are checked with the endpoint's own schema, and so are main's answers: the tolerant
 * response schemas read their own output unchanged (a number stays a number, text stays text), so
 * the answer the client parsed is checked again on its way to the renderer.
 */
// Object.fromEntries loses the per-key types; the mapped type above restores them (same keys by construction).
export const labChannels = Object.fromEntries(
  LAB_READ_ENDPOINTS.map((n) => [
    labChannelName(n),
    channel({ request: ENDPOINTS[n].request, response: ENDPOINTS[n].response, readOnly: true }),
  ]),
) as unknown as LabChannels;
