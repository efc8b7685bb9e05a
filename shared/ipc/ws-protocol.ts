import { z } from 'zod';
import type { IpcResult } from './result.js';

/**
 * The browser host's messages after the handshake (./host-handshake.ts), page → host:
 *   { id, channel, payload }   a call, answered { id, result } once main has handled it
 *   { ping }                   "are you there?", answered { pong } by the socket at once, never by a handler
 * host → page: { id, result }, { event, payload }, { pong }.
 *
 * The ping is how the page tells a host that stopped answering (its event loop blocked, its process
 * stuck with the socket still open) from a call that is merely slow (a read waiting on the service or
 * the keychain): a host that answers pings is there. The page pings only while calls wait for an
 * answer and nothing has come from the host for a while, so the scan path's messages stay as they are.
 */
const messageId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const wsRequest = z.strictObject({ id: messageId, channel: z.unknown(), payload: z.unknown() });
export const wsPing = z.strictObject({ ping: messageId });
export const wsPong = z.strictObject({ pong: messageId });
export type WsRequest = { id: number; channel: string; payload: unknown };
export type WsPing = z.infer<typeof wsPing>;
export type WsPong = z.infer<typeof wsPong>;

/** Host → page: an answer to a call, an event, or the answer to a ping. */
export type WsServerMessage = { id: number; result: IpcResult<unknown> } | { event: string; payload: unknown } | WsPong;
