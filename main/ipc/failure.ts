import type { IpcErrorCode } from '../../shared/ipc/result.js';

/**
 * A handler throws this for a failure it can explain to the user ("no native dialog in the
 * browser"). Anything else a handler throws is reported as 'internal' without its message,
 * because an unknown error's text may carry details the renderer must not see.
 */
export class IpcFailure extends Error {
  constructor(
    readonly code: Extract<IpcErrorCode, 'failed' | 'unavailable' | 'expired'>,
    message: string,
  ) {
    super(message);
    this.name = 'IpcFailure';
  }
}
