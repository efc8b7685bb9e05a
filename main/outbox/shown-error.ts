import type { OutboxError } from '../../shared/ipc/channels/outbox.js';
import type { EntryError } from './entry.js';

/**
 * An entry's error as it leaves main for the screens, which say it in words with shared/outbox-words/shown-error.ts
 * (the Outbox's reason column, a refused well's name and tooltip). The
 * service's `reason` names what was wrong ("Status must be one of …", "no manifest with uuid …"); its
 * `message` is only the class ("Validation error", "Not found"), so the reason wins when both came.
 */
export function toOutboxError(e: EntryError): OutboxError {
  const reason = e.reason ?? e.serverMessage;
  return {
    kind: e.kind,
    ...(e.status === undefined ? {} : { status: e.status }),
    message: e.message,
    ...(reason ? { reason } : {}),
  };
}
