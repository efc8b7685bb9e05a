import type { OutboxError } from '../../shared/ipc/channels/outbox.js';
import type { EntryError } from './entry.js';

/**
 * An entry's error as the screens show it (the Outbox's reason column, a refused well's ring). The
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
