import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../domain/service-error.js';
import type { UserRecord } from '../store/users.js';
import type { SandboxContext } from './context.js';

export type AuthPolicy = 'always' | 'v2-only';

/** The authenticated user per request; a WeakMap keeps fastify's request type untouched. */
const users = new WeakMap<FastifyRequest, UserRecord>();

export function userOf(request: FastifyRequest): UserRecord | null {
  return users.get(request) ?? null;
}

const BEARER = /^Bearer(?:\s+(.*))?$/i;

/**
 * Runs before the body is read, so a caller without a token never gets to stream an upload and
 * never learns whether its JSON was valid. Missing token -> 403, refused token -> 401 (spec).
 */
export function authHook(ctx: SandboxContext, policy: AuthPolicy) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization?.trim() ?? '';
    if (header === '') {
      // Legacy webhook intake takes anonymous pushes; a token that is sent is still checked below.
      if (policy === 'v2-only' && ctx.mode === 'legacy') return;
      throw new ServiceError(403, 'send the header "Authorization: Bearer <personal token>"');
    }
    const m = BEARER.exec(header);
    if (!m) throw new ServiceError(401, 'the Authorization header must use the Bearer scheme');
    const token = (m[1] ?? '').trim();
    if (token === '') throw new ServiceError(403, 'the Bearer token is empty');
    const user = ctx.store.users.byToken(token);
    if (!user) throw new ServiceError(401, 'the personal token is not known to this service');
    users.set(request, user);
  };
}
