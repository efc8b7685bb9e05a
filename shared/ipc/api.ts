import type { ChannelName, ChannelRequest, ChannelResponse, EventName, EventPayload } from './contract.js';
import type { IpcResult } from './result.js';

/**
 * The renderer's whole view of main: typed invoke and subscribe, derived from the contract.
 * The Electron preload exposes exactly this as `window.benchlink`; the browser host's WebSocket
 * client implements the same interface.
 */
export interface BenchlinkApi {
  invoke<C extends ChannelName>(channel: C, payload: ChannelRequest<C>): Promise<IpcResult<ChannelResponse<C>>>;
  /** Returns the function that unsubscribes. */
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Transport names shared by preload and main (Electron) so neither hard-codes a string twice. */
export const IPC_INVOKE = 'benchlink:invoke';
export const IPC_EVENT = 'benchlink:event';

/** One message on the browser host's WebSocket, client → server. */
export interface WsRequest {
  id: number;
  channel: string;
  payload: unknown;
}
/** Server → client: an answer to a request, or an event. */
export type WsServerMessage = { id: number; result: IpcResult<unknown> } | { event: string; payload: unknown };
