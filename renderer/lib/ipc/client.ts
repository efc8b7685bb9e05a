import type { BenchlinkApi } from '../../../shared/ipc/api.js';
import type { ChannelName, ChannelRequest, ChannelResponse } from '../../../shared/ipc/contract.js';
import type { IpcError, IpcResult } from '../../../shared/ipc/result.js';
import { takeHostKey } from './host-key.js';
import { withIdempotentWrites } from './idempotent-writes.js';
import { withHostWatch } from './watched-bridge.js';
import { withPlainPayloads } from './plain-payloads.js';
import { createWsApi } from './ws-client.js';

declare global {
  interface Window {
    /** Present in Electron: the preload's contextBridge API. */
    benchlink?: BenchlinkApi;
  }
}

/**
 * The one way the renderer talks to main: Electron's preload bridge when present, otherwise the
 * browser host's WebSocket, with the key the printed URL gave this tab (see takeHostKey).
 */
export function connectIpc(win: Window = window): BenchlinkApi {
  if (win.benchlink) return withIdempotentWrites(withHostWatch(withPlainPayloads(win.benchlink)));
  const key = takeHostKey(win);
  if (!key) return withoutKey();
  const ws = new URL('/ipc', win.location.href);
  ws.protocol = win.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return withIdempotentWrites(createWsApi(ws.href, key));
}

export const NO_KEY_SAID =
  'This page has no Benchlink key: open the full URL that `npm start` printed (it ends in #k=…).';

/**
 * Whether this page can reach main: in Electron, or with the browser host's key. Without it, the page
 * shows only how to open it properly (main.ts): the whole bench shown, "Ready for the first scan"
 * stood beside the refusal, and a scan was NOT RECORDED because "Well fill took too long to open".
 */
export const canReachMain = (win: Window = window): boolean => Boolean(win.benchlink) || takeHostKey(win) !== null;

/** A page opened without its key can do nothing; every call says how to open it properly. */
function withoutKey(): BenchlinkApi {
  const refused: IpcResult<never> = { ok: false, error: { code: 'forbidden', message: NO_KEY_SAID } };
  return { invoke: () => Promise.resolve(refused), subscribe: () => () => undefined };
}

/** An IPC error as an exception, for code that prefers try/catch to checking `ok`. */
export class IpcCallError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message);
    this.name = 'IpcCallError';
  }
}

/** A thrown value as a sentence for the user (an IPC error's message, an Error's, or its text). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Main's reason for a write it refused, without the "NOT RECORDED — " (or "NOT QUEUED — ") it starts
 * with: for a caller that says that itself, so it is said once, not twice.
 */
export function refusalOf(err: unknown, lead: 'NOT RECORDED' | 'NOT QUEUED' = 'NOT RECORDED'): string {
  return messageOf(err).replace(new RegExp(`^${lead}\\s*[—:-]\\s*`), '');
}

/**
 * A write that failed, as the bench says it: nothing recorded, or, when the page lost main before its
 * answer came (`disconnected`, after the page's own tries with the same key), not known either way. Said
 * "NOT RECORDED", a tube main had saved was scanned again as a second entry.
 */
export function notRecorded(err: unknown): string {
  if (err instanceof IpcCallError && err.error.code === 'disconnected')
    return (
      `NOT CONFIRMED: ${err.message.replace(/\.$/, '')} before the answer came: it may or may not have been ` +
      'recorded. Look in the Outbox before you scan it again.'
    );
  return `NOT RECORDED: ${refusalOf(err)}`;
}

/**
 * A file the Upload screen could not queue. Main's refusal (led by "NOT QUEUED — ") says so itself,
 * naming the file ("plate.csv was not queued: …"); any other failure (a copy that failed, a ticket
 * main no longer holds) is led by "Not queued".
 */
export function notQueued(err: unknown): string {
  const refusal = refusalOf(err, 'NOT QUEUED');
  return refusal === messageOf(err) ? `Not queued: ${refusal}` : refusal;
}

/** invoke, unwrapped: resolves with the value or throws IpcCallError. */
export async function call<C extends ChannelName>(
  api: BenchlinkApi,
  channel: C,
  payload: ChannelRequest<C>,
): Promise<ChannelResponse<C>> {
  const r = await api.invoke(channel, payload);
  if (!r.ok) throw new IpcCallError(r.error);
  return r.value;
}
