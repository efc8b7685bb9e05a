import { BadRequestError, NotFoundError, ValidationError } from '../api/index.js';
import { UnavailableError } from '../common/unavailable-error.js';

/** The service said "no such thing" (or the question was malformed): caching cannot help. */
export const isDefinite = (err: unknown): boolean =>
  err instanceof NotFoundError || err instanceof ValidationError || err instanceof BadRequestError;

/**
 * A listing that broke off after its first page (a 400 on page 7, a listing short of its total, the
 * connection lost): the labsheet is there, it could not be read whole. Not "no such labsheet": lookups
 * answer from the saved copy, as when the service cannot be reached.
 */
export class ListingBrokeOffError extends Error {
  constructor(labsheet: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`the rows of "${labsheet}" could not all be read: ${why}`, { cause });
    this.name = 'ListingBrokeOffError';
  }
}

/**
 * The connection changed to another service while a read ran: what it read is the other service's, so
 * it is neither saved nor answered. Unavailable (not a crash): the screen says the lookup failed, and
 * nothing is recorded from it.
 */
export class ServiceChangedError extends UnavailableError {
  constructor() {
    super('The connection changed to another service while this was being read: look it up (scan it) again.');
    this.name = 'ServiceChangedError';
  }
}

/**
 * A check that throws ServiceChangedError once another service is in use than when it was made
 * (`service`: the identity of the one in use, ReadCacheDeps): taken as a read starts.
 */
export function serviceCheck(service: (() => string) | undefined): () => void {
  const at = service?.();
  return () => {
    if (service && service() !== at) throw new ServiceChangedError();
  };
}
