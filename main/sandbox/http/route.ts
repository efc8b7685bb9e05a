import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ENDPOINTS, type EndpointName, type WireResponseOf } from '../../../shared/api/endpoints.js';
import type { Json } from '../answers/json.js';
import type { UserRecord } from '../store/users.js';
import { authHook, userOf, type AuthPolicy } from './auth.js';
import type { SandboxContext } from './context.js';
import { parseInput } from './validate.js';

export interface RouteArgs<N extends EndpointName> {
  input: z.output<(typeof ENDPOINTS)[N]['request']>;
  user: UserRecord;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Answer<N extends EndpointName> = WireResponseOf<N> | Promise<WireResponseOf<N>>;

/**
 * Registers an endpoint from the shared ENDPOINTS table: its method and path, bearer auth before
 * the body is read, and the request parsed by the same zod schema the client uses. The handler's
 * return type is the contract's wire response, so a drifting answer fails the typecheck.
 */
export function addRoute<N extends EndpointName, Alt = never>(
  app: FastifyInstance,
  ctx: SandboxContext,
  name: N,
  /** Alt: a documented second answer shape (e.g. GET /sequences with `name`). */
  handler: (a: RouteArgs<N>) => Answer<N> | Alt | Promise<Alt>,
): void {
  const def = ENDPOINTS[name];
  app.route({
    method: def.method,
    url: def.path,
    onRequest: authHook(ctx, 'always'),
    handler: async (request, reply) => {
      const input = parseInput(
        def.request,
        def.method === 'GET' ? request.query : request.body,
        def.method === 'GET' ? 'query' : 'body',
      );
      const user = userOf(request);
      if (!user) throw new Error('auth hook let a request through without a user');
      return answer(ctx, name, reply, await handler({ input: input as RouteArgs<N>['input'], user, request, reply }));
    },
  });
}

/** A success answer as the sandbox's answer profile sends it (an empty 2xx included). */
function answer(ctx: SandboxContext, name: EndpointName, reply: FastifyReply, body: unknown): unknown {
  // Route answers are plain JSON built by the handlers (typed as the contract's wire shapes).
  const shaped = ctx.answers.success(name, body as Json);
  if (shaped.emptyStatus === undefined) return shaped.body;
  reply.code(shaped.emptyStatus);
  return reply.send();
}

export interface RawRouteArgs {
  user: UserRecord | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** For endpoints that read their input themselves (multipart upload, plain-string pagination errors). */
export function addRawRoute<N extends EndpointName>(
  app: FastifyInstance,
  ctx: SandboxContext,
  name: N,
  handler: (a: RawRouteArgs) => WireResponseOf<N> | string | Promise<WireResponseOf<N> | string>,
  auth: AuthPolicy = 'always',
): void {
  const def = ENDPOINTS[name];
  app.route({
    method: def.method,
    url: def.path,
    onRequest: authHook(ctx, auth),
    handler: async (request, reply) => {
      const body = await handler({ user: userOf(request), request, reply });
      // Plain-text answers (row paging errors, the pre-assembled row page) shape themselves.
      return typeof body === 'string' || reply.statusCode >= 300 ? body : answer(ctx, name, reply, body);
    },
  });
}
