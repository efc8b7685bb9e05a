import { redactForLog } from './redact.js';
import type { Logger } from './logger.js';

/**
 * Logger for the entry points: one line per event on stderr. Fields pass through the same
 * redaction as rejected payloads, so a field named like a secret never prints its value.
 */
export function createConsoleLogger(
  prefix: string,
  write: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Logger {
  const line = (level: string, msg: string, fields?: Record<string, unknown>) =>
    write(
      `${new Date().toISOString()} ${prefix} ${level} ${msg}${fields ? ` ${JSON.stringify(redactForLog(fields))}` : ''}`,
    );
  return {
    info: (m, f) => line('info', m, f),
    warn: (m, f) => line('warn', m, f),
    error: (m, f) => line('error', m, f),
  };
}
