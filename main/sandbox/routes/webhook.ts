import type { FastifyInstance } from 'fastify';
import { EVENT_TYPE_HEADER, webhookPayload } from '../../../shared/api/webhook.js';
import { invalid } from '../domain/service-error.js';
import type { SandboxContext } from '../http/context.js';
import { addRawRoute } from '../http/route.js';
import { assertJsonDepth, parseInput } from '../http/validate.js';

/** Custom webhook intake: the whole body and the event-type header are persisted. Auth in v2 only. */
export function webhookRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  addRawRoute(
    app,
    ctx,
    'sendWebhook',
    ({ request, user }) => {
      const body: unknown = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw invalid('body: the webhook payload must be a JSON object');
      assertJsonDepth(body, 'body');
      parseInput(webhookPayload, body, 'body');
      const header = request.headers[EVENT_TYPE_HEADER.toLowerCase()];
      const eventType = Array.isArray(header) ? (header[0] ?? null) : (header ?? null);
      ctx.store.webhooks.add({
        eventType,
        body: body as Record<string, unknown>,
        sender: user?.email ?? null,
        receivedAt: ctx.store.now(),
      });
      return { success: true };
    },
    'v2-only',
  );
}
