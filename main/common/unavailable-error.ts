/**
 * A part of the app that is not there or not running (the local sandbox did not start, this build
 * has no API client). Its message is written for the user; the IPC layer passes it on as 'unavailable'.
 */
export class UnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnavailableError';
  }
}
