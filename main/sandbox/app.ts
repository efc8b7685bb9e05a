import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SandboxContext } from './http/context.js';
import { installErrorHandlers } from './http/errors.js';
import { assignLocationRoutes } from './routes/assign-location.js';
import { elnRoutes } from './routes/eln.js';
import { fileRoutes } from './routes/files.js';
import { labflowRoutes } from './routes/labflows.js';
import { labsheetRoutes } from './routes/labsheets.js';
import { locationRoutes } from './routes/locations.js';
import { manifestRoutes } from './routes/manifests.js';
import { rowRoutes } from './routes/rows.js';
import { sequenceRoutes } from './routes/sequences.js';
import { webhookRoutes } from './routes/webhook.js';

export interface AppOptions {
  bodyLimitBytes: number;
  logger: boolean;
}

/** Builds the Fastify app: every endpoint of the spec on one origin (base, files and events). */
export async function buildApp(ctx: SandboxContext, opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger, bodyLimit: opts.bodyLimitBytes, forceCloseConnections: true });
  // JSON bodies only (and multipart for upload): a text/plain body is a client bug, answered 400.
  app.removeContentTypeParser('text/plain');
  await app.register(multipart, {
    // Files are streamed to disk, so their size is bounded only by the disk; many files per form.
    limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1000, fields: 50, fieldSize: 64 * 1024, parts: 2000 },
  });
  installErrorHandlers(app, opts.bodyLimitBytes, ctx.answers);
  labsheetRoutes(app, ctx);
  rowRoutes(app, ctx);
  assignLocationRoutes(app, ctx);
  manifestRoutes(app, ctx);
  elnRoutes(app, ctx);
  sequenceRoutes(app, ctx);
  labflowRoutes(app, ctx);
  locationRoutes(app, ctx);
  fileRoutes(app, ctx);
  webhookRoutes(app, ctx);
  return app;
}
