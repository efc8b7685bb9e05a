/** Structured logging without a dependency; main/app.ts decides where it goes. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** For code that may run without a logger (tests, tools): says nothing. */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
