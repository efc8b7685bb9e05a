import type { FastifyInstance } from 'fastify';
import { assignLocation } from '../domain/assign-location.js';
import type { SandboxContext } from '../http/context.js';
import { addRoute } from '../http/route.js';

export function assignLocationRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  addRoute(app, ctx, 'assignLocation', ({ input }) => ({
    success: true,
    assignedPositions: assignLocation(ctx.store, input),
  }));
}
