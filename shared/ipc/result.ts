import { z } from 'zod';

/**
 * Why a call failed, as the renderer sees it. Transport and validation failures are separate
 * from service failures so the UI can tell "you sent something wrong" from "the server said no".
 */
export const IPC_ERROR_CODES = [
  'invalid-message', // envelope or payload failed the contract
  'unknown-channel', // channel not in the contract
  'too-large', // message over the size bound
  'forbidden', // sender not trusted (wrong frame, origin or secret)
  'service', // the Lab Data Service (or the API client) reported an error
  'unavailable', // the feature is not available here (e.g. native dialog in the browser host)
  'disconnected', // the page lost main (a host restart) before the answer came: the call may or may not have run
  'failed', // a handler failed for a reason it could explain
  'expired', // a one-time ticket main handed out (a staged upload copy's, a dialog-chosen file's) was used already or timed out: start that step again
  'internal', // a bug: details are in the main-process log, not in the renderer
] as const;
export const ipcErrorCode = z.enum(IPC_ERROR_CODES);
export type IpcErrorCode = z.infer<typeof ipcErrorCode>;

export const ipcIssue = z.strictObject({ path: z.string().max(200), message: z.string().max(300) });
export type IpcIssue = z.infer<typeof ipcIssue>;

export const ipcError = z.strictObject({
  code: ipcErrorCode,
  message: z.string(),
  /** The API client's error kind (auth, network, validation, …) when code is 'service'. */
  kind: z.string().optional(),
  status: z.number().optional(),
  /** True when a non-idempotent request may have reached the server. */
  uncertain: z.boolean().optional(),
  issues: z.array(ipcIssue).max(20).optional(),
});
export type IpcError = z.infer<typeof ipcError>;

/** Every invoke answers with this envelope instead of throwing: errors survive contextBridge and JSON intact. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
export const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });
