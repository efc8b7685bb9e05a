import type { ErrorStatus } from '../../../shared/api/errors.js';

/**
 * A failure the service reports to the caller: one of the spec's statuses plus a human reason.
 * Thrown by stores and routes alike; the HTTP layer turns it into errorBodyFor(status, reason).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'ServiceError';
  }
}

export const notFound = (reason: string): ServiceError => new ServiceError(404, reason);
export const conflict = (reason: string): ServiceError => new ServiceError(409, reason);
export const invalid = (reason: string): ServiceError => new ServiceError(422, reason);
export const badRequest = (reason: string): ServiceError => new ServiceError(400, reason);
