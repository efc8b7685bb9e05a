import { serviceLabel } from '../../shared/ipc/service-identity.js';
import { WriteError } from '../common/write-error.js';

/**
 * A change whose plate, box or row was read from another service than the one in use now: queued,
 * it would be sent to this service with the other one's ids (a 404 at best, another plate of the
 * same id at worst). Nothing is queued, and the user is told what to read again. It names both
 * services, so a caller whose user does something else about it (an upload: switch back) can say so.
 */
export class ReadElsewhereError extends WriteError {
  constructor(
    readonly readFrom: string,
    readonly current: string,
  ) {
    super(
      'invalid',
      `this was read from ${serviceLabel(readFrom)}, but the connection is now ${serviceLabel(current)}, ` +
        'so nothing was queued. Scan the plate, box or tube again to read it from the service in use.',
    );
    this.name = 'ReadElsewhereError';
  }
}

export function readElsewhere(readFrom: string, current: string): ReadElsewhereError {
  return new ReadElsewhereError(readFrom, current);
}

/**
 * Throws readElsewhere unless the change was read from `current` (or names nothing read from a
 * service). The outbox runs it in the transaction that binds an entry; a write that builds something
 * before it queues (a plate record) runs it first as well, so it neither builds from the new service's
 * data nor leaves files behind for a change that will be refused.
 */
export function refuseReadElsewhere(readFrom: string | undefined, current: string): void {
  if (readFrom !== undefined && readFrom !== current) throw readElsewhere(readFrom, current);
}
